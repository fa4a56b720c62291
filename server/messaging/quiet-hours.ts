/**
 * Quiet hours (issue #27.5): by default from 20:00 to 08:00 Lagos time non-urgent texts wait. Networks block
 * promotional routes at night, and patients sleep. Lagos is UTC+1 all year, so the hours are plain arithmetic.
 */
export type QuietHours = { fromMinute: number; untilMinute: number } | null;

export const DEFAULT_QUIET_HOURS = '20:00-08:00';

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;
const LAGOS_OFFSET_MINUTES = 60;

/** MESSAGING_QUIET_HOURS: 'HH:MM-HH:MM' in Lagos time (it may cross midnight), or 'off'. */
export function parseQuietHours(value: string): QuietHours {
  if (value.trim() === 'off') return null;
  const match = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  if (!match) throw new Error("write it as HH:MM-HH:MM in Lagos time, like 20:00-08:00, or 'off'");
  const [fromHour, fromMinute, untilHour, untilMinute] = match.slice(1).map(Number) as [number, number, number, number];
  const quiet = { fromMinute: fromHour * 60 + fromMinute, untilMinute: untilHour * 60 + untilMinute };
  if (quiet.fromMinute === quiet.untilMinute) throw new Error('the start and the end must differ');
  return quiet;
}

/** When a text due at `now` may go: `now` outside the quiet hours, else when they end. */
export function afterQuietHours(now: number, quiet: QuietHours = parseQuietHours(DEFAULT_QUIET_HOURS)): number {
  if (!quiet) return now;
  const lagosMinutes = Math.floor(now / MINUTE) + LAGOS_OFFSET_MINUTES;
  const minuteOfDay = ((lagosMinutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  const { fromMinute, untilMinute } = quiet;
  const crossesMidnight = fromMinute > untilMinute;
  const inQuiet = crossesMidnight
    ? minuteOfDay >= fromMinute || minuteOfDay < untilMinute
    : minuteOfDay >= fromMinute && minuteOfDay < untilMinute;
  if (!inQuiet) return now;
  const minutesToEnd = (untilMinute - minuteOfDay + DAY_MINUTES) % DAY_MINUTES;
  return (lagosMinutes + minutesToEnd - LAGOS_OFFSET_MINUTES) * MINUTE;
}
