/**
 * Presses that land before the app's scripts have run (a slow phone: the page is painted and tappable seconds before
 * it hydrates). The boot script (server/site/html-document.ts) records the id of every element marked with
 * EARLY_CLICK_ATTRIBUTE that is pressed until the entry takes over; the component that owns it acts on it once, when it
 * mounts (client/lib/early-clicks.ts). Form submits need none of this: before hydration they post natively.
 */
export const EARLY_CLICK_ATTRIBUTE = 'data-early-click';
/** The window property holding the recorded ids (an array with a `closed` flag set when hydration starts). */
export const EARLY_CLICKS_GLOBAL = '__earlyClicks';
