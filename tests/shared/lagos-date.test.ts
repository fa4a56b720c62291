import { describe, expect, it } from 'vitest';
import { isIsoDate, lagosToday } from '../../shared/lagos-date';

describe('lagosToday', () => {
  it('is a day ahead of UTC from 23:00 UTC (Lagos is UTC+1 all year)', () => {
    expect(lagosToday(new Date('2025-06-14T22:59:59Z'))).toBe('2025-06-14');
    expect(lagosToday(new Date('2025-06-14T23:00:00Z'))).toBe('2025-06-15');
    expect(lagosToday(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
  });

  it('turns over at the first instant of the new Lagos day, however often it was asked just before', () => {
    for (let second = 0; second < 60; second++)
      expect(lagosToday(new Date(Date.UTC(2025, 5, 14, 22, 59, second)))).toBe('2025-06-14');
    expect(lagosToday(new Date(Date.UTC(2025, 5, 14, 22, 59, 59, 999)))).toBe('2025-06-14');
    expect(lagosToday(new Date(Date.UTC(2025, 5, 14, 23, 0, 0, 0)))).toBe('2025-06-15');
    expect(lagosToday(new Date(Date.UTC(2025, 5, 14, 22, 59, 59, 999)))).toBe('2025-06-14');
  });
});

describe('isIsoDate', () => {
  it('accepts real calendar dates only', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-6-1')).toBe(false);
    expect(isIsoDate('0000-01-01')).toBe(false);
    expect(isIsoDate('2025-06-01T00:00')).toBe(false);
  });
});
