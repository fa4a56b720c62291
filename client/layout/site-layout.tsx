import { Suspense, useEffect, type ReactNode } from 'react';
import { ChatLauncher } from '../features/chat/chat-launcher';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function SiteLayout({ children }: { children: ReactNode }) {
  // Marks the page interactive once hydrated (browser tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <a className="app-skip-link" href="#main-content">
        Skip to main content
      </a>
      <ScrollToTop />
      <SiteHeader />
      <main id="main-content" className="app-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </main>
      <SiteFooter />
      <ChatLauncher />
    </>
  );
}

function PageLoading() {
  return (
    <div className="app-container app-section" role="status">
      <p>Loading…</p>
    </div>
  );
}
