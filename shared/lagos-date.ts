/**
 * Calendar dates in Lagos time (Africa/Lagos, UTC+1, no daylight saving), used for
 * "not before today" checks so the browser and the server agree whatever the
 * visitor's own clock zone is.
 */
const lagosDateFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

let cachedMinute = Number.NaN;
let cachedDate = '';

/** Today's date in Lagos as YYYY-MM-DD. */
export function lagosToday(now: Date = new Date()): string {
  // Zone offsets are whole minutes, so the date only changes on a minute boundary; the
  // formatter is slow enough to show on a busy form endpoint, so ask it once a minute.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute === cachedMinute) return cachedDate;
  let year = '';
  let month = '';
  let day = '';
  for (const part of lagosDateFormat.formatToParts(now)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  cachedMinute = minute;
  cachedDate = `${year}-${month}-${day}`;
  return cachedDate;
}

/** True for a real calendar date written YYYY-MM-DD (no 2025-02-30). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

const wallClockDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** A Lagos calendar date written out: '2026-12-01' → 'Tuesday 1 December 2026'. */
export function formatLagosDate(isoDate: string): string {
  return wallClockDate.format(new Date(`${isoDate}T00:00:00Z`)).replace(',', '');
}

/** Lagos wall-clock 'YYYY-MM-DDTHH:MM' for people: 'Tuesday 1 December 2026 at 14:30 (Lagos time, WAT)'. */
export function formatLagosDateTime(wallClock: string): string {
  const [date, time] = wallClock.split('T');
  return `${formatLagosDate(date!)} at ${time} (Lagos time, WAT)`;
}

/** The UTC instant of a Lagos wall-clock time (Lagos is UTC+1 all year). */
export const lagosWallClockToUtc = (wallClock: string): Date => new Date(`${wallClock}:00+01:00`);

/** An instant as Lagos wall-clock time, for transcripts and mails: '2026-11-25 14:03'. */
export const formatLagosStamp = (iso: string): string =>
  new Date(Date.parse(iso) + 60 * 60 * 1000).toISOString().slice(0, 16).replace('T', ' ');

const shortWeekday = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** Lagos wall-clock 'YYYY-MM-DDTHH:MM' in few characters, for a text message: 'Fri 27 Nov, 10:00'. */
export function formatLagosShort(wallClock: string): string {
  const [date, time] = wallClock.split('T');
  return `${shortWeekday.format(new Date(`${date!}T00:00:00Z`)).replace(',', '')}, ${time}`;
}
