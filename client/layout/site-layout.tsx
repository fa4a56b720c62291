import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../app/paths';
import { takeEarlyClick } from '../rendering/early-clicks';
import { ChatLauncher, ChatSkipLink } from '../features/chat/chat-launcher';
import { AccountNotice } from './account-notice';
import { ScrollToTop } from './scroll-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const isStaffPath = (path: string) => path === paths.staff() || path.startsWith(`${paths.staff()}/`);

export function SiteLayout({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  // Marks the page interactive once hydrated (browser tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // The staff app has its own navigation; the public header, footer and chat launcher are not for it.
  if (isStaffPath(path))
    return (
      <>
        <a className="app-skip-link" href="#main-content">
          Skip to main content
        </a>
        <main id="main-content" className="app-main app-main--staff" tabIndex={-1}>
          <Suspense fallback={<PageLoading />}>{children}</Suspense>
        </main>
      </>
    );
  return (
    <>
      <a className="app-skip-link" href="#main-content">
        Skip to main content
      </a>
      <ChatSkipLink />
      <ScrollToTop />
      <SiteHeader />
      <main id="main-content" className="app-main" tabIndex={-1}>
        <AccountNotice />
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </main>
      <SiteFooter />
      <ChatLauncher takeEarlyPress={takeEarlyClick} />
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
