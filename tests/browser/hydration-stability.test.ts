import { describe, expect } from 'vitest';
import { MOBILE, waitForHydration } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';

// One page of every template: what the prerendered HTML shows must not move when the
// scripts arrive after it (client/rendering/boot-script.ts starts them after `load`).
const pagesByTemplate = [
  '/',
  '/about',
  '/testimonials',
  '/privacy-policy',
  '/services',
  '/services/provider',
  '/services/virtual-consultation',
  '/services/international-health',
  '/blog',
  '/blog/how-telehealth-can-save-you-a-trip-across-lagos',
  '/news/reprohaven-launch-announcement',
  '/resources',
  '/contact',
  '/self-diagnoses',
  '/careers/job-opportunities',
  '/products/ehr',
  '/services/book-appointment',
  '/login',
];

describe('the page before and after hydration', () => {
  browserTest.for(pagesByTemplate)(
    '%s does not shift, fetches no stylesheet and starts its scripts only after load',
    async (path, { newContext }) => {
      const context = await newContext(MOBILE);
      await context.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
      page.on('pageerror', (error) => consoleErrors.push(error.message));
      const stylesheets: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
      });
      await page.goto(path, { waitUntil: 'load' });
      await waitForHydration(page);
      await page.waitForTimeout(300);
      const result = await page.evaluate(() => {
        const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) =>
          /\.js$/.test(new URL(entry.name).pathname),
        );
        return {
          shift: (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce(
            (total, value) => total + value,
            0,
          ),
          loadEventStart: navigation!.loadEventStart,
          earliestScript: Math.min(...scripts.map((entry) => entry.startTime)),
          scriptCount: scripts.length,
        };
      });
      expect(result.shift).toBe(0);
      expect(stylesheets).toEqual([]);
      expect(result.scriptCount).toBeGreaterThan(0);
      expect(result.earliestScript).toBeGreaterThanOrEqual(result.loadEventStart);
      expect(consoleErrors).toEqual([]);
    },
  );
});
