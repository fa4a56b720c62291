import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DESKTOP, MOBILE, axeViolations, waitForHydration, type AxeViolation } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe on the form island only: for pages whose other content belongs to another feature (checked by pages-a11y). */
async function formViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: unknown, options: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(
      { include: [['[data-island]']] },
      {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      },
    );
    return result.violations;
  });
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

// The three form pages are checked whole; on /resources and /apply/{slug} the rest of the page is the catalogue's.
const formPages = [
  { path: '/services/order-service', submit: 'Place Order', firstField: 'Full Name', check: axeViolations },
  { path: '/services/book-appointment', submit: 'Request Appointment', firstField: 'Full Name', check: axeViolations },
  { path: '/services/plan-trip', submit: 'Submit Plan', firstField: 'Destination', check: axeViolations },
  { path: '/resources', submit: 'Subscribe', firstField: 'Email Address', check: formViolations },
  { path: '/apply/data-analyst', submit: 'Submit Application', firstField: 'Full Name', check: formViolations },
];

describe('form pages are accessible (axe, WCAG 2.2 AA)', () => {
  for (const { path, submit, check } of formPages) {
    for (const [name, viewport] of [
      ['1280', DESKTOP],
      ['375', MOBILE],
    ] as const) {
      browserTest(
        `${path} at ${name} px: no violations as loaded, and none with the errors shown`,
        async ({ open }) => {
          const { page, consoleErrors } = await open(path, viewport);
          await waitForHydration(page);
          expect(await check(page)).toEqual([]);
          await page.getByRole('button', { name: submit, exact: true }).click();
          await page.getByRole('alert').filter({ hasText: 'There is a problem' }).waitFor();
          expect(await check(page)).toEqual([]);
          // Buttons and fields are big enough to tap (WCAG 2.5.8: at least 24 x 24 px; we aim for 44).
          const small = await page.evaluate(() =>
            Array.from(
              document.querySelectorAll<HTMLElement>(
                '[data-island] :is(input:not([type="hidden"]), select, textarea, button)',
              ),
            )
              .filter((element) => !element.closest('[aria-hidden="true"]'))
              .map((element) => ({ id: element.id || element.textContent, box: element.getBoundingClientRect() }))
              .filter(({ box }) => box.width < 24 || box.height < 24)
              .map(({ id }) => id),
          );
          expect(small).toEqual([]);
          expect(consoleErrors).toEqual([]);
        },
      );
    }
  }
});

describe('before JavaScript runs', () => {
  for (const { path, firstField } of formPages) {
    browserTest(`${path}: the form and its labels are in the HTML`, async ({ newContext }) => {
      const context = await newContext({ ...DESKTOP, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByLabel(firstField, { exact: true }).isVisible()).resolves.toBe(true);
      await expect(page.getByLabel('Email Address', { exact: true }).count()).resolves.toBe(1);
    });
  }
});
