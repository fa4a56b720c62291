import { describe, expect, it } from 'vitest';
import { safeNextPath } from '../../shared/safe-next-path';

describe('safeNextPath (where /login returns to)', () => {
  it('returns a path on this site', () => {
    expect(safeNextPath('?next=%2Fdashboard%23settings', '/dashboard')).toBe('/dashboard#settings');
    expect(safeNextPath('?next=/services/book-appointment', '/dashboard')).toBe('/services/book-appointment');
  });

  it('never returns another origin or a scheme', () => {
    for (const search of [
      '?next=https://evil.example',
      '?next=//evil.example',
      '?next=/\\evil.example',
      '?next=javascript:alert(1)',
      '',
      '?next=',
    ]) {
      expect(safeNextPath(search, '/dashboard')).toBe('/dashboard');
    }
  });
});
