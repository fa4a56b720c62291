import { EARLY_CLICKS_GLOBAL } from '../../shared/early-clicks';

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
