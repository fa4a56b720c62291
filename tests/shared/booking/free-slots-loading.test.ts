/**
 * shared/booking/free-slots.ts loads, and its formats are Lagos's 24-hour clock and an English day. Imported inside
 * the test, so that a module that fails to load (a broken Intl format) fails this test instead of leaving no test to
 * run, which Stryker would count as a surviving mutant (as red-flag-loading.test.ts does for the red flags).
 */
import { describe, expect, it } from 'vitest';

describe('the slot engine module', () => {
  it('loads and formats times in Lagos and days in English', async () => {
    const { formatSlotTime, formatSlotDay } = await import('../../../shared/booking/free-slots');
    expect(formatSlotTime(Date.parse('2026-11-30T08:05:00Z'))).toBe('09:05');
    expect(formatSlotTime(Date.parse('2026-11-30T12:00:00Z'))).toBe('13:00');
    expect(formatSlotTime(Date.parse('2026-11-30T23:00:00Z'))).toBe('00:00');
    expect(formatSlotDay('2026-11-30')).toBe('Monday 30 November');
    expect(formatSlotDay('2026-12-06')).toBe('Sunday 6 December');
  });
});
