import { isIsoDate, lagosToday, lagosWallClockToUtc } from './lagos-date';

/**
 * Chat Support office hours (issue #14), in Lagos time (Africa/Lagos, UTC+1 all year):
 * parsed from a short spec like 'Mon-Fri 08:00-18:00, Sat 09:00-13:00' (the server's
 * SUPPORT_HOURS), checked against a moment, and described for people.
 */

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const WEEKDAY_NAMES: Record<Weekday, string> = {
  Mon: 'Monday',
  Tue: 'Tuesday',
  Wed: 'Wednesday',
  Thu: 'Thursday',
  Fri: 'Friday',
  Sat: 'Saturday',
  Sun: 'Sunday',
};

/** One comma-separated part of a spec: a day or run of days, open from `opens` until (not including) `closes`. */
export type SupportHoursGroup = {
  /** First and last day as written; equal for a single day. A range may wrap past Sunday ('Fri-Mon'). */
  from: Weekday;
  to: Weekday;
  /** Every day the group covers, in order from `from`. */
  days: readonly Weekday[];
  /** Minutes after Lagos midnight: 08:00 → 480. */
  opens: number;
  /** Minutes after Lagos midnight, greater than `opens`; 24:00 → 1440. */
  closes: number;
};

export type SupportSchedule = readonly SupportHoursGroup[];

export type PublicHoliday = {
  /** YYYY-MM-DD, Lagos calendar date. */
  date: string;
  name: string;
  /** Set for the Islamic holidays, whose dates depend on the moon sighting and are declared shortly before. */
  approximate?: boolean;
};

/** Days the office is closed: public holidays, or plain YYYY-MM-DD dates (SUPPORT_HOLIDAYS). */
export type HolidayList = readonly (PublicHoliday | string)[];

export const DEFAULT_SUPPORT_HOURS = 'Mon-Fri 08:00-18:00';

/**
 * Nigerian federal public holidays for 2026 and 2027. When a holiday falls on a weekend the government usually
 * declares the next working day off as well, shortly before; add such days through SUPPORT_HOLIDAYS.
 */
export const NIGERIA_PUBLIC_HOLIDAYS: readonly PublicHoliday[] = [
  { date: '2026-01-01', name: "New Year's Day" },
  { date: '2026-03-20', name: 'Eid-el-Fitr', approximate: true },
  { date: '2026-03-21', name: 'Eid-el-Fitr holiday', approximate: true },
  { date: '2026-04-03', name: 'Good Friday' },
  { date: '2026-04-06', name: 'Easter Monday' },
  { date: '2026-05-01', name: "Workers' Day" },
  { date: '2026-05-27', name: 'Eid-el-Kabir', approximate: true },
  { date: '2026-05-28', name: 'Eid-el-Kabir holiday', approximate: true },
  { date: '2026-06-12', name: 'Democracy Day' },
  { date: '2026-08-26', name: 'Eid-el-Maulud', approximate: true },
  { date: '2026-10-01', name: 'Independence Day' },
  { date: '2026-12-25', name: 'Christmas Day' },
  { date: '2026-12-26', name: 'Boxing Day' },
  { date: '2027-01-01', name: "New Year's Day" },
  { date: '2027-03-10', name: 'Eid-el-Fitr', approximate: true },
  { date: '2027-03-11', name: 'Eid-el-Fitr holiday', approximate: true },
  { date: '2027-03-26', name: 'Good Friday' },
  { date: '2027-03-29', name: 'Easter Monday' },
  { date: '2027-05-01', name: "Workers' Day" },
  { date: '2027-05-17', name: 'Eid-el-Kabir', approximate: true },
  { date: '2027-05-18', name: 'Eid-el-Kabir holiday', approximate: true },
  { date: '2027-06-12', name: 'Democracy Day' },
  { date: '2027-08-15', name: 'Eid-el-Maulud', approximate: true },
  { date: '2027-10-01', name: 'Independence Day' },
  { date: '2027-12-25', name: 'Christmas Day' },
  { date: '2027-12-26', name: 'Boxing Day' },
];

const GROUP_FORMAT = '"Day[-Day] HH:MM-HH:MM", like "Mon-Fri 08:00-18:00"';
const GROUP_PATTERN = /^([A-Za-z]+)(?:\s*-\s*([A-Za-z]+))?\s+(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})$/;

function parseDay(text: string, group: string): Weekday {
  const day = WEEKDAYS.find((candidate) => candidate.toLowerCase() === text.toLowerCase());
  if (!day) throw new Error(`Invalid support hours "${group}": unknown day "${text}" (use ${WEEKDAYS.join(', ')})`);
  return day;
}

function parseTime(text: string, group: string, isClose: boolean): number {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  const valid = match !== null && minutes < 60 && (hours < 24 || (isClose && hours === 24 && minutes === 0));
  if (!valid) throw new Error(`Invalid support hours "${group}": bad time "${text}" (use HH:MM, 00:00 to 24:00)`);
  return hours * 60 + minutes;
}

/**
 * Parses 'Mon-Fri 08:00-18:00, Sat 09:00-13:00': comma-separated groups of a day (Mon..Sun) or a day range and
 * opening hours (Lagos time, closing after opening, 24:00 allowed for midnight). Throws an Error naming the bad part.
 */
export function parseSupportHours(spec: string): SupportSchedule {
  if (spec.trim() === '') throw new Error(`Invalid support hours: empty (expected ${GROUP_FORMAT})`);
  return spec.split(',').map((part) => {
    const group = part.trim();
    if (group === '') throw new Error(`Invalid support hours "${spec}": empty group between commas`);
    const match = GROUP_PATTERN.exec(group);
    if (!match) throw new Error(`Invalid support hours "${group}": expected ${GROUP_FORMAT}`);
    const from = parseDay(match[1]!, group);
    const to = match[2] === undefined ? from : parseDay(match[2], group);
    const opens = parseTime(match[3]!, group, false);
    const closes = parseTime(match[4]!, group, true);
    if (closes <= opens) {
      throw new Error(
        `Invalid support hours "${group}": closing time ${match[4]} must be after opening time ${match[3]}`,
      );
    }
    const days: Weekday[] = [];
    for (let index = WEEKDAYS.indexOf(from); ; index = (index + 1) % WEEKDAYS.length) {
      days.push(WEEKDAYS[index]!);
      if (WEEKDAYS[index] === to) break;
    }
    return { from, to, days, opens, closes };
  });
}

/**
 * Parses a comma-separated list of extra closing days ('2026-12-28, 2026-12-29'); blank gives none. Throws an Error
 * naming the entry that is not a real YYYY-MM-DD date.
 */
export function parseHolidayDates(spec: string): string[] {
  if (spec.trim() === '') return [];
  return spec.split(',').map((part) => {
    const date = part.trim();
    if (!isIsoDate(date)) throw new Error(`Invalid holiday date "${date}": use YYYY-MM-DD, like 2026-12-28`);
    return date;
  });
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const isoDateUtc = (isoDate: string) => Date.UTC(+isoDate.slice(0, 4), +isoDate.slice(5, 7) - 1, +isoDate.slice(8, 10));
const addDays = (isoDate: string, days: number) =>
  new Date(isoDateUtc(isoDate) + days * DAY_MS).toISOString().slice(0, 10);
/** Monday-first weekday of a calendar date. */
const weekdayOf = (isoDate: string): Weekday => WEEKDAYS[(new Date(isoDateUtc(isoDate)).getUTCDay() + 6) % 7]!;
const lagosMidnight = (isoDate: string) => lagosWallClockToUtc(`${isoDate}T00:00`).getTime();
const isHoliday = (holidays: HolidayList, isoDate: string) =>
  holidays.some((holiday) => (typeof holiday === 'string' ? holiday : holiday.date) === isoDate);
const twoDigits = (value: number) => String(value).padStart(2, '0');
const formatMinutes = (minutes: number) => `${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`;

/** True when `now` is in an open period (from the opening minute, until the closing minute) on a day not a holiday. */
export function isWithinSupportHours(schedule: SupportSchedule, holidays: HolidayList, now: Date): boolean {
  const date = lagosToday(now);
  if (isHoliday(holidays, date)) return false;
  const minute = Math.floor((now.getTime() - lagosMidnight(date)) / MINUTE_MS);
  const day = weekdayOf(date);
  return schedule.some((group) => group.days.includes(day) && minute >= group.opens && minute < group.closes);
}

// Far enough to get past any run of holidays; a schedule always has at least one open day a week.
const SEARCH_DAYS = 400;

/**
 * The first moment at or after `now` when support is open, skipping holidays: `now` itself while open, otherwise the
 * next opening time.
 */
export function nextOpening(schedule: SupportSchedule, holidays: HolidayList, now: Date): Date {
  const today = lagosToday(now);
  for (let offset = 0; offset < SEARCH_DAYS; offset++) {
    const date = addDays(today, offset);
    if (isHoliday(holidays, date)) continue;
    const day = weekdayOf(date);
    const midnight = lagosMidnight(date);
    let best: number | undefined;
    for (const group of schedule) {
      if (!group.days.includes(day) || midnight + group.closes * MINUTE_MS <= now.getTime()) continue;
      const start = Math.max(midnight + group.opens * MINUTE_MS, now.getTime());
      if (best === undefined || start < best) best = start;
    }
    if (best !== undefined) return new Date(best);
  }
  throw new Error(`No support opening within ${SEARCH_DAYS} days: check the schedule and holidays`);
}

/**
 * When support next opens, for a sentence like 'We are back {…} (Lagos time)': 'today at 08:00', 'tomorrow at
 * 08:00', 'on Monday at 08:00', or with the date when a week or more away ('on Monday 4 January at 08:00').
 */
export function describeNextOpening(schedule: SupportSchedule, holidays: HolidayList, now: Date): string {
  const opening = nextOpening(schedule, holidays, now);
  const date = lagosToday(opening);
  const time = formatMinutes(Math.floor((opening.getTime() - lagosMidnight(date)) / MINUTE_MS));
  const days = Math.round((isoDateUtc(date) - isoDateUtc(lagosToday(now))) / DAY_MS);
  if (days === 0) return `today at ${time}`;
  if (days === 1) return `tomorrow at ${time}`;
  const weekday = WEEKDAY_NAMES[weekdayOf(date)];
  if (days < 7) return `on ${weekday} at ${time}`;
  const dayAndMonth = new Date(isoDateUtc(date)).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
  });
  return `on ${weekday} ${dayAndMonth} at ${time}`;
}

/** One line per group, for display: 'Monday to Friday, 08:00 to 18:00', 'Saturday, 09:00 to 13:00'. */
export function describeSupportHours(schedule: SupportSchedule): string[] {
  return schedule.map((group) => {
    const days =
      group.from === group.to
        ? WEEKDAY_NAMES[group.from]
        : `${WEEKDAY_NAMES[group.from]} to ${WEEKDAY_NAMES[group.to]}`;
    return `${days}, ${formatMinutes(group.opens)} to ${formatMinutes(group.closes)}`;
  });
}
