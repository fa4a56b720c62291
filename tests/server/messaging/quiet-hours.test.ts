import { describe, expect, it } from 'vitest';
import { afterQuietHours, parseQuietHours } from '../../../server/messaging/quiet-hours';

/** A Lagos wall-clock time (UTC+1) as epoch ms. */
const lagos = (wallClock: string) => Date.parse(`${wallClock}:00+01:00`);

describe('quiet hours, 20:00 to 08:00 Lagos time', () => {
  it('lets a text go at once during the day', () => {
    for (const time of ['2026-11-27T08:00', '2026-11-27T12:30', '2026-11-27T19:59'])
      expect(afterQuietHours(lagos(time))).toBe(lagos(time));
  });

  it('holds an evening text to 08:00 the next morning', () => {
    expect(afterQuietHours(lagos('2026-11-27T20:00'))).toBe(lagos('2026-11-28T08:00'));
    expect(afterQuietHours(lagos('2026-11-27T23:59'))).toBe(lagos('2026-11-28T08:00'));
  });

  it('holds a text of the small hours to 08:00 the same morning, across a month end', () => {
    expect(afterQuietHours(lagos('2026-12-01T00:00'))).toBe(lagos('2026-12-01T08:00'));
    expect(afterQuietHours(lagos('2026-12-01T07:59'))).toBe(lagos('2026-12-01T08:00'));
    expect(afterQuietHours(lagos('2026-11-30T21:15'))).toBe(lagos('2026-12-01T08:00'));
  });
});

describe('MESSAGING_QUIET_HOURS', () => {
  it("reads a window in Lagos time, one that does not cross midnight too, and 'off'", () => {
    const lunch = parseQuietHours('13:00-14:30');
    expect(afterQuietHours(lagos('2026-11-27T13:10'), lunch)).toBe(lagos('2026-11-27T14:30'));
    expect(afterQuietHours(lagos('2026-11-27T14:30'), lunch)).toBe(lagos('2026-11-27T14:30'));
    expect(afterQuietHours(lagos('2026-11-27T12:59'), lunch)).toBe(lagos('2026-11-27T12:59'));
    expect(afterQuietHours(lagos('2026-11-27T23:00'), parseQuietHours('off'))).toBe(lagos('2026-11-27T23:00'));
    expect(afterQuietHours(lagos('2026-11-27T22:00'), parseQuietHours('21:30-06:45'))).toBe(lagos('2026-11-28T06:45'));
  });

  it('refuses what it cannot read, saying how to write it', () => {
    for (const value of ['20-8', '24:00-08:00', '20:00-20:00', 'night'])
      expect(() => parseQuietHours(value), value).toThrow(/HH:MM-HH:MM|must differ/);
  });
});
