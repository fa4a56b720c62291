import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, axeViolations, launchBrowser, openPage, waitForHydration } from '../helpers/browser';
import { confirmedAccount, logInThroughPage, startForm } from './auth-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

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
      it(`${path} has no violations as served, live, and with errors shown (${size} px)`, async () => {
        const { page, context, consoleErrors } = await openPage(browser, path, options);
        await waitForHydration(page);
        expect(await axeViolations(page)).toEqual([]);
        await startForm(page, firstField);
        await page.locator('form button[type="submit"]').first().click();
        await page.getByRole('alert').filter({ hasText: 'There is a problem' }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
        expect(consoleErrors).toEqual([]);
        await context.close();
      });
    }

    it(`/confirm-email has no violations (${size} px)`, async () => {
      const { page, context } = await openPage(
        browser,
        '/confirm-email?token=abcdefghijklmnopqrstuvwxyz234567',
        options,
      );
      await waitForHydration(page);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });

    it(`/dashboard has no violations when loaded and with the delete step open (${size} px)`, async () => {
      const { email } = await confirmedAccount();
      const { page, context } = await openPage(browser, '/', options);
      await logInThroughPage(page, email);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByLabel('Enter your password to confirm', { exact: true }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
