/**
 * Log-in with JavaScript off (issue #15): a plain post goes through the same procedure; a wrong password comes back
 * with the generic message and the e-mail kept (never the password); the right one sets the session and goes to
 * ?next= or the dashboard.
 */
import { describe, expect } from 'vitest';
import { INVALID_CREDENTIALS_MESSAGE } from '../../shared/messages/auth-messages';
import { DESKTOP } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { PASSWORD, confirmedAccount } from './auth-helpers';
import { servedCopyChecker } from './forms-helpers';

describe('log-in with JavaScript off', () => {
  browserTest(
    'wrong password → the page again with the message; right one → signed in at ?next=',
    async ({ newContext }) => {
      const { email } = await confirmedAccount('Kunle No-Script');
      const context = await newContext({ ...DESKTOP, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto('/login?next=%2Fcontact');

      await page.getByLabel('Email Address', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Log In', exact: true }).click();
      await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
      expect(await page.getByLabel('Email Address', { exact: true }).inputValue()).toBe(email);
      expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
      expect(await (await servedCopyChecker(newContext, page))()).toEqual([]);
      expect(await page.getByRole('alert').filter({ hasText: 'There is a problem' }).textContent()).toContain(
        INVALID_CREDENTIALS_MESSAGE,
      );

      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Log In', exact: true }).click();
      await page.waitForURL('**/contact');
      const session = (await context.cookies()).find((cookie) => cookie.name === 'session');
      expect(session?.httpOnly).toBe(true);
      // The header is drawn for a signed-in visitor without any script.
      expect(await page.getByRole('link', { name: 'My account' }).isVisible()).toBe(true);
    },
  );
});
