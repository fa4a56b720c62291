/**
 * Presses that land before the app's scripts have run (a slow phone: the page is painted and tappable seconds before
 * it hydrates). The boot script (server/site/html-document.ts) records the id of every element marked with
 * EARLY_CLICK_ATTRIBUTE that is pressed until the entry takes over; the component that owns it acts on it once, when it
 * mounts (client/lib/early-clicks.ts). Form submits need none of this: before hydration they post natively, except
 * a form marked with EARLY_SUBMIT_ATTRIBUTE (the contact form, which composes an e-mail in the browser: its post would
 * reach nobody). Its submit is held and recorded by the form's id in the same list; its island sends it once live.
 */
export const EARLY_CLICK_ATTRIBUTE = 'data-early-click';
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit';
/** The window property holding the recorded ids (an array with a `closed` flag set when hydration starts). */
export const EARLY_CLICKS_GLOBAL = '__earlyClicks';
