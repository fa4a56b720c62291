/**
 * Quiet hours (issue #27.5): from 20:00 to 08:00 Lagos time non-urgent texts wait. Networks block promotional routes at
 * night, and patients sleep. Lagos is UTC+1 all year, so the hours are plain arithmetic.
 */
export const QUIET_FROM_HOUR = 20;
export const QUIET_UNTIL_HOUR = 8;

const HOUR = 3_600_000;
const LAGOS_OFFSET = HOUR;

/** When a text due at `now` may go: `now` outside the quiet hours, else the next 08:00 in Lagos. */
export function afterQuietHours(now: number): number {
  const lagos = now + LAGOS_OFFSET;
  const dayStart = lagos - (((lagos % (24 * HOUR)) + 24 * HOUR) % (24 * HOUR));
  const hour = (lagos - dayStart) / HOUR;
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return now;
  const wake = dayStart + QUIET_UNTIL_HOUR * HOUR + (hour >= QUIET_FROM_HOUR ? 24 * HOUR : 0);
  return wake - LAGOS_OFFSET;
}
