import { describe, expect, it } from 'vitest';
import { isIsoDate } from '../../shared/lagos-date';
import {
  DEFAULT_SUPPORT_HOURS,
  NIGERIA_PUBLIC_HOLIDAYS,
  describeNextOpening,
  describeSupportHours,
  isWithinSupportHours,
  nextOpening,
  parseHolidayDates,
  parseSupportHours,
} from '../../shared/support-hours';

const weekdays = parseSupportHours(DEFAULT_SUPPORT_HOURS);
const holidays = NIGERIA_PUBLIC_HOLIDAYS;
/** A Lagos wall-clock time as an instant (Lagos is UTC+1 all year). */
const lagos = (wallClock: string) => new Date(`${wallClock}:00+01:00`);

describe('parseSupportHours', () => {
  it('parses the default: Monday to Friday, 08:00 to 18:00', () => {
    expect(weekdays).toEqual([
      { from: 'Mon', to: 'Fri', days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'], opens: 480, closes: 1080 },
    ]);
  });

  it('parses several groups, single days, loose spacing, any letter case and 24:00', () => {
    expect(parseSupportHours(' mon - fri 08:00 - 18:00 ,Sat 09:30-13:00, SUN 20:00-24:00 ')).toEqual([
      { from: 'Mon', to: 'Fri', days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'], opens: 480, closes: 1080 },
      { from: 'Sat', to: 'Sat', days: ['Sat'], opens: 570, closes: 780 },
      { from: 'Sun', to: 'Sun', days: ['Sun'], opens: 1200, closes: 1440 },
    ]);
  });

  it('lets a day range wrap past Sunday', () => {
    expect(parseSupportHours('Fri-Mon 10:00-14:00')[0]!.days).toEqual(['Fri', 'Sat', 'Sun', 'Mon']);
  });

  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['Mon-Fri 08:00-18:00,', /empty group/],
    ['Mon-Fri', /"Mon-Fri": expected "Day\[-Day\] HH:MM-HH:MM"/],
    ['Mon-Fri 08:00', /"Mon-Fri 08:00": expected/],
    ['Mon-Fri 0800-1800', /"Mon-Fri 0800-1800": expected/],
    ['Mon-Fry 08:00-18:00', /unknown day "Fry"/],
    ['Monday-Friday 08:00-18:00', /unknown day "Monday"/],
    ['Mon-Fri 08:00-18:00, Sat 9:00-13:00', /"Sat 9:00-13:00": bad time "9:00"/],
    ['Mon-Fri 08:00-25:00', /bad time "25:00"/],
    ['Mon-Fri 08:60-18:00', /bad time "08:60"/],
    ['Mon-Fri 24:00-24:00', /bad time "24:00"/],
    ['Mon-Fri 24:30-18:00', /bad time "24:30"/],
    ['Mon-Fri 18:00-08:00', /closing time 08:00 must be after opening time 18:00/],
    ['Mon-Fri 08:00-08:00', /closing time 08:00 must be after/],
    ['Mon-Fri 08:00-18:00; Sat 09:00-13:00', /expected/],
  ])('rejects %j, naming the bad part', (spec, message) => {
    expect(() => parseSupportHours(spec)).toThrow(message);
  });
});

describe('parseHolidayDates', () => {
  it('reads comma-separated dates; blank is none', () => {
    expect(parseHolidayDates('2026-12-28, 2026-12-29')).toEqual(['2026-12-28', '2026-12-29']);
    expect(parseHolidayDates('2026-12-28')).toEqual(['2026-12-28']);
    expect(parseHolidayDates('')).toEqual([]);
    expect(parseHolidayDates('  ')).toEqual([]);
  });

  it.each(['2026-02-30', '28/12/2026', '2026-12-28,,2026-12-29', '2026-12-28;2026-12-29', 'tomorrow'])(
    'rejects %j, naming the bad entry',
    (spec) => {
      expect(() => parseHolidayDates(spec)).toThrow(/Invalid holiday date/);
    },
  );
});

describe('NIGERIA_PUBLIC_HOLIDAYS', () => {
  it('lists real, sorted, unique dates with names for 2026 and 2027', () => {
    const dates = holidays.map((holiday) => holiday.date);
    expect(dates.every(isIsoDate)).toBe(true);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
    expect(holidays.every((holiday) => holiday.name.length > 0)).toBe(true);
    for (const year of ['2026', '2027']) {
      const names = holidays.filter((holiday) => holiday.date.startsWith(year)).map((holiday) => holiday.name);
      for (const name of [
        "New Year's Day",
        'Good Friday',
        'Easter Monday',
        "Workers' Day",
        'Democracy Day',
        'Independence Day',
        'Christmas Day',
        'Boxing Day',
        'Eid-el-Fitr',
        'Eid-el-Kabir',
      ])
        expect(names, `${year} ${name}`).toContain(name);
    }
  });

  it('has the fixed dates and the Easter dates right', () => {
    const byDate = new Map(holidays.map((holiday) => [holiday.date, holiday]));
    for (const year of [2026, 2027]) {
      expect(byDate.get(`${year}-05-01`)?.name).toBe("Workers' Day");
      expect(byDate.get(`${year}-06-12`)?.name).toBe('Democracy Day');
      expect(byDate.get(`${year}-10-01`)?.name).toBe('Independence Day');
      expect(byDate.get(`${year}-12-25`)?.name).toBe('Christmas Day');
      expect(byDate.get(`${year}-12-26`)?.name).toBe('Boxing Day');
    }
    // Easter Sunday: 5 April 2026, 28 March 2027.
    expect(byDate.get('2026-04-03')?.name).toBe('Good Friday');
    expect(byDate.get('2026-04-06')?.name).toBe('Easter Monday');
    expect(byDate.get('2027-03-26')?.name).toBe('Good Friday');
    expect(byDate.get('2027-03-29')?.name).toBe('Easter Monday');
    expect(holidays.filter((holiday) => holiday.approximate).every((holiday) => holiday.name.startsWith('Eid'))).toBe(
      true,
    );
  });
});

describe('isWithinSupportHours (Lagos time)', () => {
  it.each([
    ['2026-06-08T07:59', false],
    ['2026-06-08T08:00', true],
    ['2026-06-08T12:30', true],
    ['2026-06-08T17:59', true],
    ['2026-06-08T18:00', false],
    ['2026-06-08T23:59', false],
    ['2026-06-10T00:00', false],
    ['2026-06-05T17:59', true],
    ['2026-06-06T10:00', false], // Saturday
    ['2026-06-07T10:00', false], // Sunday
    ['2026-06-12T10:00', false], // Friday, Democracy Day
    ['2026-12-25T10:00', false], // Friday, Christmas Day
    ['2027-01-01T10:00', false], // Friday, New Year's Day
    ['2026-04-03T10:00', false], // Good Friday
    ['2026-04-06T10:00', false], // Easter Monday
    ['2026-04-07T10:00', true],
  ])('%s → %s', (wallClock, open) => {
    expect(isWithinSupportHours(weekdays, holidays, lagos(wallClock))).toBe(open);
  });

  it('uses Lagos time, not UTC: 07:00 UTC is 08:00 in Lagos, 17:00 UTC is 18:00', () => {
    expect(isWithinSupportHours(weekdays, holidays, new Date('2026-06-08T06:59:59Z'))).toBe(false);
    expect(isWithinSupportHours(weekdays, holidays, new Date('2026-06-08T07:00:00Z'))).toBe(true);
    expect(isWithinSupportHours(weekdays, holidays, new Date('2026-06-08T16:59:59Z'))).toBe(true);
    expect(isWithinSupportHours(weekdays, holidays, new Date('2026-06-08T17:00:00Z'))).toBe(false);
    // 23:30 UTC on a Friday is already Saturday in Lagos.
    const saturdayNight = parseSupportHours('Sat 00:00-01:00');
    expect(isWithinSupportHours(saturdayNight, [], new Date('2026-06-05T23:30:00Z'))).toBe(true);
    expect(isWithinSupportHours(saturdayNight, [], new Date('2026-06-06T23:30:00Z'))).toBe(false);
  });

  it('reads several groups and plain extra dates', () => {
    const schedule = parseSupportHours('Mon-Fri 08:00-18:00, Sat 09:00-13:00');
    expect(isWithinSupportHours(schedule, holidays, lagos('2026-06-06T08:59'))).toBe(false);
    expect(isWithinSupportHours(schedule, holidays, lagos('2026-06-06T09:00'))).toBe(true);
    expect(isWithinSupportHours(schedule, holidays, lagos('2026-06-06T12:59'))).toBe(true);
    expect(isWithinSupportHours(schedule, holidays, lagos('2026-06-06T13:00'))).toBe(false);
    expect(isWithinSupportHours(schedule, ['2026-06-09'], lagos('2026-06-09T10:00'))).toBe(false);
    expect(isWithinSupportHours(schedule, ['2026-06-09'], lagos('2026-06-10T10:00'))).toBe(true);
    expect(isWithinSupportHours(parseSupportHours('Sun 20:00-24:00'), [], lagos('2026-06-07T23:59'))).toBe(true);
  });
});

describe('nextOpening and describeNextOpening', () => {
  it.each([
    ['2026-06-08T07:59', '2026-06-08T08:00', 'today at 08:00'], // Monday morning
    ['2026-06-08T00:00', '2026-06-08T08:00', 'today at 08:00'],
    ['2026-06-08T18:00', '2026-06-09T08:00', 'tomorrow at 08:00'],
    ['2026-06-09T23:59', '2026-06-10T08:00', 'tomorrow at 08:00'],
    ['2026-06-05T18:00', '2026-06-08T08:00', 'on Monday at 08:00'], // across a weekend
    ['2026-06-06T11:00', '2026-06-08T08:00', 'on Monday at 08:00'],
    ['2026-06-07T20:00', '2026-06-08T08:00', 'tomorrow at 08:00'], // Sunday evening
    ['2026-06-11T18:30', '2026-06-15T08:00', 'on Monday at 08:00'], // Democracy Day Friday, then a weekend
    ['2026-04-02T18:00', '2026-04-07T08:00', 'on Tuesday at 08:00'], // Good Friday to Easter Monday
    ['2026-12-24T18:00', '2026-12-28T08:00', 'on Monday at 08:00'], // Christmas, Boxing Day on Saturday
    ['2026-12-31T20:00', '2027-01-04T08:00', 'on Monday at 08:00'], // New Year's Day on Friday
  ])('from %s Lagos: %s, "%s"', (now, expected, text) => {
    expect(nextOpening(weekdays, holidays, lagos(now))).toEqual(lagos(expected));
    expect(describeNextOpening(weekdays, holidays, lagos(now))).toBe(text);
  });

  it('is now itself while open', () => {
    const now = new Date('2026-06-08T09:15:30Z');
    expect(nextOpening(weekdays, holidays, now)).toEqual(now);
    expect(describeNextOpening(weekdays, holidays, now)).toBe('today at 10:15');
  });

  it('takes the earliest group of the day, and a later group the same day', () => {
    const split = parseSupportHours('Mon-Fri 14:00-18:00, Mon-Fri 08:00-12:00, Sat 10:00-12:00');
    expect(nextOpening(split, holidays, lagos('2026-06-08T07:00'))).toEqual(lagos('2026-06-08T08:00'));
    expect(nextOpening(split, holidays, lagos('2026-06-08T12:00'))).toEqual(lagos('2026-06-08T14:00'));
    expect(describeNextOpening(split, holidays, lagos('2026-06-08T12:00'))).toBe('today at 14:00');
    expect(describeNextOpening(split, holidays, lagos('2026-06-05T18:00'))).toBe('tomorrow at 10:00');
  });

  it('writes the date when the opening is a week or more away', () => {
    const mondays = parseSupportHours('Mon 09:00-10:00');
    expect(describeNextOpening(mondays, holidays, lagos('2026-06-08T10:00'))).toBe('on Monday 15 June at 09:00');
    expect(describeNextOpening(mondays, ['2026-06-15'], lagos('2026-06-08T10:00'))).toBe('on Monday 22 June at 09:00');
    expect(describeNextOpening(mondays, holidays, lagos('2026-06-08T09:59'))).toBe('today at 09:59');
  });

  it('skips plain extra dates too', () => {
    expect(describeNextOpening(weekdays, [...holidays, '2026-12-28'], lagos('2026-12-24T18:00'))).toBe(
      'on Tuesday at 08:00',
    );
  });
});

describe('describeSupportHours', () => {
  it('writes one line per group', () => {
    expect(describeSupportHours(weekdays)).toEqual(['Monday to Friday, 08:00 to 18:00']);
    expect(describeSupportHours(parseSupportHours('Mon-Fri 08:00-18:00, Sat 09:00-13:00, Sun 20:00-24:00'))).toEqual([
      'Monday to Friday, 08:00 to 18:00',
      'Saturday, 09:00 to 13:00',
      'Sunday, 20:00 to 24:00',
    ]);
  });
});
