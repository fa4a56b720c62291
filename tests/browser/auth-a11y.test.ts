import { describe, expect } from 'vitest';
import { DESKTOP, MOBILE, axeViolations, waitForHydration } from '../helpers/browser';
import { confirmedAccount, logInThroughPage, startForm } from './auth-helpers';
import { browserTest } from '../helpers/browser-test';
const formPages = [
  ['/signup', 'Full Name'],
  ['/login', 'Email Address'],
  ['/forgot-password', 'Email Address'],
  ['/reset-password?token=abcdefghijklmnopqrstuvwxyz234567', 'New Password'],
] as const;

describe('accessibility of the account pages (axe, WCAG 2.2 AA)', () => {
  for (const [size, options] of [
    ['1280', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    for (const [path, firstField] of formPages) {
      browserTest(`${path} has no violations as served, live, and with errors shown (${size} px)`, async ({ open }) => {
        const { page, consoleErrors } = await open(path, options);
        await waitForHydration(page);
        expect(await axeViolations(page)).toEqual([]);
        await startForm(page, firstField);
        await page.locator('main form button[type="submit"]').first().click();
        await page.getByRole('alert').filter({ hasText: 'There is a problem' }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
        expect(consoleErrors).toEqual([]);
      });
    }

    browserTest(`/confirm-email has no violations (${size} px)`, async ({ open }) => {
      const { page } = await open('/confirm-email?token=abcdefghijklmnopqrstuvwxyz234567', options);
      await waitForHydration(page);
      expect(await axeViolations(page)).toEqual([]);
    });

    browserTest(
      `/dashboard has no violations when loaded and with the delete step open (${size} px)`,
      async ({ open }) => {
        const { email } = await confirmedAccount();
        const { page } = await open('/', options);
        await logInThroughPage(page, email);
        expect(await axeViolations(page)).toEqual([]);
        await page.getByRole('button', { name: 'Delete my account' }).click();
        await page.getByLabel('Enter your password to confirm', { exact: true }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
      },
    );
  }
});
