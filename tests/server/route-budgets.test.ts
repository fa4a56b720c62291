import { describe, expect, it } from 'vitest';
import { distDir } from '../../server/site/load-site-build';
import { BUDGET_GZIP_BYTES, measureRoutes } from '../../server/tools/route-sizes';

describe('size budgets on the production build', () => {
  const rows = measureRoutes(distDir);

  it('measures every prerendered route', () => {
    expect(rows.length).toBeGreaterThanOrEqual(7);
    expect(rows.map((row) => row.route)).toContain('/');
    expect(rows.every((row) => row.jsFiles >= 2)).toBe(true);
  });

  it.each(rows.map((row) => [row.route, row] as const))(
    '%s stays within 80 KB JS, 20 KB CSS and 14 KB HTML (gzip)',
    (_route, row) => {
      expect(row.js).toBeLessThanOrEqual(BUDGET_GZIP_BYTES.js);
      expect(row.css).toBeLessThanOrEqual(BUDGET_GZIP_BYTES.css);
      expect(row.html).toBeLessThanOrEqual(BUDGET_GZIP_BYTES.html);
    },
  );
});
