/** The front desk's pure rules (issue #29.5–6): the preferred slot's start and the response target in working hours. */
import { describe, expect, it } from 'vitest';
import { appointmentTimeSlots } from '../../shared/form-options';
import { preferredSlotStart } from '../../shared/requests';
import { addWorkingHours, closedDatesWith, responseState } from '../../shared/response-target';

describe('preferredSlotStart', () => {
  it("prefills Confirm with the start of each of the form's slots", () => {
    expect(appointmentTimeSlots.map(preferredSlotStart)).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
    expect(preferredSlotStart('12 PM-01 PM')).toBe('12:00');
    expect(preferredSlotStart(null)).toBeNull();
    expect(preferredSlotStart('whenever')).toBeNull();
  });
});

// Lagos is UTC+1: 08:00 Lagos is 07:00Z.
const at = (iso: string) => Date.parse(iso);
const publicHolidays = closedDatesWith([]);
const target = (hours: number) => ({ hours, closedDates: publicHolidays });

describe('the response target: working hours are Mon–Fri 08:00–17:00 Lagos', () => {
  it('counts only working hours', () => {
    // Friday 27 Nov 2026, 10:00 Lagos + 4 h = 14:00 Lagos.
    expect(new Date(addWorkingHours(at('2026-11-27T09:00:00Z'), 4, publicHolidays)).toISOString()).toBe(
      '2026-11-27T13:00:00.000Z',
    );
    // Friday 15:00 Lagos + 4 h: 2 h on Friday, 2 h on Monday → Monday 10:00 Lagos.
    expect(new Date(addWorkingHours(at('2026-11-27T14:00:00Z'), 4, publicHolidays)).toISOString()).toBe(
      '2026-11-30T09:00:00.000Z',
    );
    // Saturday night: the clock starts Monday 08:00 Lagos.
    expect(new Date(addWorkingHours(at('2026-11-28T22:00:00Z'), 4, publicHolidays)).toISOString()).toBe(
      '2026-11-30T11:00:00.000Z',
    );
    // Before opening: from 08:00 Lagos.
    expect(new Date(addWorkingHours(at('2026-11-30T05:00:00Z'), 1, publicHolidays)).toISOString()).toBe(
      '2026-11-30T08:00:00.000Z',
    );
  });

  it('a New request turns Overdue past the target and Late past twice the target; other statuses never do', () => {
    const row = { status: 'new', createdAt: '2026-11-27T08:00:00.000Z' }; // Friday 09:00 Lagos
    expect(responseState(row, at('2026-11-27T11:59:00Z'), target(4))).toBe('on_time');
    expect(responseState(row, at('2026-11-27T12:00:00Z'), target(4))).toBe('overdue');
    // 8 working hours: Friday 09:00–17:00 Lagos, so Friday 17:00 Lagos.
    expect(responseState(row, at('2026-11-27T15:59:00Z'), target(4))).toBe('overdue');
    expect(responseState(row, at('2026-11-27T16:00:00Z'), target(4))).toBe('late');
    expect(responseState({ ...row, status: 'in_progress' }, at('2026-12-27T16:00:00Z'), target(4))).toBe('on_time');
    // A different target moves the marks.
    expect(responseState(row, at('2026-11-27T09:00:00Z'), target(1))).toBe('overdue');
  });

  it("skips Nigeria's public holidays and the clinic's own closed days", () => {
    // Thursday 24 Dec 2026, 15:00 Lagos + 4 h: 2 h on Thursday; Christmas and Boxing Day closed, then the weekend;
    // Monday 28 Dec (the clinic's own closed day) too → Tuesday 29 Dec 10:00 Lagos.
    const christmasEve = at('2026-12-24T14:00:00Z');
    expect(new Date(addWorkingHours(christmasEve, 4, publicHolidays)).toISOString()).toBe('2026-12-28T09:00:00.000Z');
    const withClinicDay = closedDatesWith(['2026-12-28']);
    expect(new Date(addWorkingHours(christmasEve, 4, withClinicDay)).toISOString()).toBe('2026-12-29T09:00:00.000Z');
    // Independence Day (Thursday 1 Oct 2026) does not count: a request that morning is still on time on Friday 08:30.
    const row = { status: 'new', createdAt: '2026-10-01T08:00:00.000Z' };
    expect(responseState(row, at('2026-10-02T07:30:00Z'), target(4))).toBe('on_time');
    expect(responseState(row, at('2026-10-02T11:00:00Z'), target(4))).toBe('overdue');
    expect(responseState(row, at('2026-10-02T11:00:00Z'), { hours: 4, closedDates: new Set() })).toBe('late');
  });
});
