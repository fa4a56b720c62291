/**
 * Presses that land before the app's scripts have run (a slow phone: the page is painted and tappable seconds before
 * it hydrates). The boot script (boot-script.ts) records the id of every element marked with
 * EARLY_CLICK_ATTRIBUTE that is pressed until the entry takes over; the component that owns it acts on it once, when it
 * mounts (takeEarlyClick below). Form submits need none of this: before hydration they post natively, except
 * a form marked with EARLY_SUBMIT_ATTRIBUTE (the contact form, which composes an e-mail in the browser: its post would
 * reach nobody). Its submit is held and recorded by the form's id in the same list; its island sends it once live.
 */
export const EARLY_CLICK_ATTRIBUTE = 'data-early-click';
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit';
/** The window property holding the recorded ids (an array with a `closed` flag set when hydration starts). */
export const EARLY_CLICKS_GLOBAL = '__earlyClicks';

type EarlyClicks = string[] & { closed?: boolean };

const recorded = () => (window as unknown as Record<string, EarlyClicks | undefined>)[EARLY_CLICKS_GLOBAL];

/**
 * Called just before hydrateRoot: from then on React holds a press on markup it has not hydrated yet and replays it
 * (it hydrates the target first), so the boot script stops recording and no press is acted on twice.
 */
export function stopRecordingEarlyClicks() {
  const clicks = recorded();
  if (clicks) clicks.closed = true;
}

/**
 * Whether the element `id` was pressed before the app took over, forgetting it. Any number of presses counts as one:
 * a visitor who tapped twice because nothing seemed to happen wants it open, not toggled shut.
 */
export function takeEarlyClick(id: string): boolean {
  const clicks = recorded();
  if (!clicks?.includes(id)) return false;
  for (let index = clicks.indexOf(id); index >= 0; index = clicks.indexOf(id)) clicks.splice(index, 1);
  return true;
}
