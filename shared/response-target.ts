/**
 * The inbox's response target (issue #29.6): a New request should be answered within a number of working hours
 * (REQUEST_RESPONSE_TARGET_HOURS, 4 by default). Working hours are the front desk's: Monday to Friday, 08:00 to 17:00
 * Lagos time (UTC+1 all year); evenings and weekends do not count. Past the target a row turns amber ('Overdue'),
 * past twice the target red ('Late'), with the words beside the colour.
 */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
export const WORKING_DAY = { opens: 8 * 60, closes: 17 * 60 } as const;
const isWorkingDay = (weekday: number) => weekday >= 1 && weekday <= 5;

/** The instant `hours` working hours after `startMs`. */
export function addWorkingHours(startMs: number, hours: number): number {
  let at = startMs + LAGOS_OFFSET_MS;
  let remaining = hours * 60 * MINUTE_MS;
  for (;;) {
    const dayStart = Math.floor(at / DAY_MS) * DAY_MS;
    const close = dayStart + WORKING_DAY.closes * MINUTE_MS;
    if (isWorkingDay(new Date(dayStart).getUTCDay()) && at < close) {
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
  targetHours: number,
): ResponseState {
  if (row.status !== 'new') return 'on_time';
  const created = Date.parse(row.createdAt);
  if (now >= addWorkingHours(created, targetHours * 2)) return 'late';
  if (now >= addWorkingHours(created, targetHours)) return 'overdue';
  return 'on_time';
}
