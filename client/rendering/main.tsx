import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '../app/app';
import { pageForPath } from '../app/routes';
import { stopRecordingEarlyClicks } from './early-clicks';
import '../styles/app.css';
import '../styles/booking.css';

const container = document.getElementById('root')!;

// Load the current route's chunk first, so hydration renders the same tree as the
// prerendered HTML (no Suspense fallback, no mismatch).
await pageForPath(window.location.pathname).preload();

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// In a transition, hydration yields to the browser every few milliseconds instead of running as one long task: the
// page stays responsive on a slow phone while React attaches (issue #15: Total Blocking Time). A submit pressed on an
// island rendered but not yet committed is held outside React (island.tsx), so it is not lost.
// A press before this point was recorded by the boot script (early-clicks.ts); React takes over from here.
stopRecordingEarlyClicks();
if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
