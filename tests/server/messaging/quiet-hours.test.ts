import { describe, expect, it } from 'vitest';
import { afterQuietHours } from '../../../server/messaging/quiet-hours';

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
