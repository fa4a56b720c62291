/**
 * The inbox's response target (issue #29.6): a New request should be answered within a number of working hours
 * (REQUEST_RESPONSE_TARGET_HOURS, 4 by default). Working hours are the front desk's: Monday to Friday, 08:00 to 17:00
 * Lagos time (UTC+1 all year); evenings, weekends and closed days (Nigeria's public holidays and the clinic's own,
 * SUPPORT_HOLIDAYS) do not count. Past the target a row turns amber ('Overdue'), past twice the target red ('Late'),
 * with the words beside the colour.
 */
import { NIGERIA_PUBLIC_HOLIDAYS } from './support-hours';

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
export const WORKING_DAY = { opens: 8 * 60, closes: 17 * 60 } as const;

/** The target and the Lagos dates (YYYY-MM-DD) on which the desk is closed. */
export type ResponseTarget = { hours: number; closedDates: ReadonlySet<string> };

/** Nigeria's public holidays with the clinic's own closed days (SUPPORT_HOLIDAYS) added. */
export const closedDatesWith = (extra: readonly string[]): ReadonlySet<string> =>
  new Set([...NIGERIA_PUBLIC_HOLIDAYS.map((holiday) => holiday.date), ...extra]);

const isWorkingDay = (lagosDayStart: number, closedDates: ReadonlySet<string>) => {
  const day = new Date(lagosDayStart);
  const weekday = day.getUTCDay();
  return weekday >= 1 && weekday <= 5 && !closedDates.has(day.toISOString().slice(0, 10));
};

/** The instant `hours` working hours after `startMs`, closed days skipped. */
export function addWorkingHours(startMs: number, hours: number, closedDates: ReadonlySet<string>): number {
  let at = startMs + LAGOS_OFFSET_MS;
  let remaining = hours * 60 * MINUTE_MS;
  for (;;) {
    const dayStart = Math.floor(at / DAY_MS) * DAY_MS;
    const close = dayStart + WORKING_DAY.closes * MINUTE_MS;
    if (isWorkingDay(dayStart, closedDates) && at < close) {
      const from = Math.max(at, dayStart + WORKING_DAY.opens * MINUTE_MS);
      if (remaining <= close - from) return from + remaining - LAGOS_OFFSET_MS;
      remaining -= close - from;
    }
    at = dayStart + DAY_MS;
  }
}

export type ResponseState = 'on_time' | 'overdue' | 'late';
export const responseStateLabels: Record<ResponseState, string> = {
  on_time: '',
  overdue: 'Overdue',
  late: 'Late',
};

/** Where a request stands against the target: only New requests are measured. */
export function responseState(
  row: { status: string; createdAt: string },
  now: number,
  target: ResponseTarget,
): ResponseState {
  if (row.status !== 'new') return 'on_time';
  const created = Date.parse(row.createdAt);
  if (now >= addWorkingHours(created, target.hours * 2, target.closedDates)) return 'late';
  if (now >= addWorkingHours(created, target.hours, target.closedDates)) return 'overdue';
  return 'on_time';
}
