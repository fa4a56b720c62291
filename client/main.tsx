import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { pageForPath } from './app/routes';
import './styles/app.css';

const container = document.getElementById('root')!;

// Load the current route's chunk first, so hydration renders the same tree as the
// prerendered HTML (no Suspense fallback, no mismatch).
await pageForPath(window.location.pathname).preload();

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Not in a transition: time-sliced hydration lets a submit land on an island that is rendered but not yet committed,
// and that submit was lost (tests/browser/forms-slow-phone.test.ts). One task, then every handler is live.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
