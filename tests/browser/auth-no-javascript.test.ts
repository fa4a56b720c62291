/**
 * The account forms with JavaScript off (issue #15). Each plain post goes through the same procedure as the enhanced
 * form. Log-in: a wrong password comes back with the generic message and the e-mail kept (never the password); the
 * right one sets the session and goes to ?next= or the dashboard. Then a whole account's life without scripts.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { ACCOUNT_EXISTS_NOTICE, ACCOUNT_NOTICE_ID } from '../../shared/forms/account-forms';
import {
  INVALID_CONFIRM_LINK_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from '../../shared/messages/auth-messages';
import { STAFF_NEEDS_JAVASCRIPT_MESSAGE } from '../../shared/messages/staff-messages';
import { PASSWORDS_DO_NOT_MATCH_MESSAGE } from '../../shared/schemas/auth';
import { createHttpClient } from '../helpers/auth-http';
import { DESKTOP, baseUrl } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { linkFromOutbox } from '../helpers/outbox';
import { PASSWORD, confirmedAccount } from './auth-helpers';
import { servedCopyChecker } from './forms-helpers';
import { uniqueEmail } from '../helpers/unique-email';

describe('the staff app with JavaScript off', () => {
  browserTest('says it needs JavaScript instead of checking for ever', async ({ newContext }) => {
    const context = await newContext({ ...DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of ['/staff', '/staff/chats', '/staff/calendar']) {
      const served = await (await page.goto(path))!.text();
      // Script execution is off here, but Chromium still parses <noscript> as text: unwrap it to see what shows.
      await page.setContent(served.replace(/<\/?noscript>/g, ''));
      expect(await page.getByText(STAFF_NEEDS_JAVASCRIPT_MESSAGE).isVisible()).toBe(true);
    }
  });
});

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

describe('the whole account with JavaScript off', () => {
  browserTest(
    'sign up, confirm, log in, see the dashboard, cancel an appointment, reset the password, delete the account',
    async ({ newContext }) => {
      const email = uniqueEmail('noscript');
      const context = await newContext({ ...DESKTOP, javaScriptEnabled: false, acceptDownloads: true });
      const page = await context.newPage();
      const axe = await servedCopyChecker(newContext, page);
      const field = (label: string) => page.getByLabel(label, { exact: true });
      const problem = page.getByRole('alert').filter({ hasText: 'There is a problem' });
      const notice = page.locator(`#${ACCOUNT_NOTICE_ID}`);

      // Sign up: a refused post keeps the name and address, never the passwords.
      await page.goto('/signup');
      await field('Full Name').fill('Bisi No-Script');
      await field('Email Address').fill(email);
      await field('Password').fill(PASSWORD);
      await field('Confirm Password').fill('something else');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await problem.waitFor();
      expect(await problem.textContent()).toContain(PASSWORDS_DO_NOT_MATCH_MESSAGE);
      expect(await field('Full Name').inputValue()).toBe('Bisi No-Script');
      expect(await field('Email Address').inputValue()).toBe(email);
      expect(await field('Password').inputValue()).toBe('');
      expect(await axe()).toEqual([]);
      await field('Password').fill(PASSWORD);
      await field('Confirm Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL('**/signup?form=signup&sent=created#form-notice');
      expect(await notice.textContent()).toContain('Account Created!Please check your email to confirm your account.');
      expect(await field('Email Address').inputValue()).toBe('');

      // The same address again: the spec's 'Account Exists' text, on the page.
      await field('Full Name').fill('Bisi No-Script');
      await field('Email Address').fill(email);
      await field('Password').fill(PASSWORD);
      await field('Confirm Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await problem.waitFor();
      expect(await problem.textContent()).toContain(ACCOUNT_EXISTS_NOTICE);

      // Confirm: the button posts; the token is used once.
      const confirmLink = await linkFromOutbox(email, 'Confirm', '/confirm-email');
      await page.goto(confirmLink);
      await page.getByRole('button', { name: 'Confirm my email address' }).click();
      await page.waitForURL('**/confirm-email?form=confirm-email&sent=confirmed#form-notice');
      expect(await notice.textContent()).toContain('Email Confirmed');
      await page.goto(confirmLink);
      await page.getByRole('button', { name: 'Confirm my email address' }).click();
      await page.getByText(INVALID_CONFIRM_LINK_MESSAGE).waitFor();

      // Log in: the dashboard is drawn on the server, with the patient's requests.
      await submitAppointmentFor(email);
      await logInWithoutScripts(page, email, PASSWORD);
      await page.getByRole('heading', { level: 1, name: 'Welcome, Bisi No-Script' }).waitFor();
      expect(await page.getByText('Loading Dashboard...').count()).toBe(0);
      const request = page.locator('.app-dashboard__request-list > li').first();
      // In the patient's words (issue #29.8).
      expect(await request.textContent()).toContain('We have your request');
      expect(await axe()).toEqual([]);

      // Download my data: a plain GET of the file.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download my data' }).click();
      const file = JSON.parse(fs.readFileSync(await (await download).path(), 'utf8')) as { account: { email: string } };
      expect(file.account.email).toBe(email);

      // Cancel the appointment: a step, then a post through the same procedure.
      await request.getByRole('button', { name: /^Cancel appointment/ }).click();
      await page.waitForURL(/\/dashboard\?cancel=\d+#request-\d+$/);
      await page.getByRole('button', { name: 'Keep it' }).click();
      // A GET form with no fields leaves an empty query.
      await page.waitForURL(/\/dashboard\??#request-\d+$/);
      await request.getByRole('button', { name: /^Cancel appointment/ }).click();
      await page.getByRole('button', { name: 'Yes, cancel it' }).click();
      await page.waitForURL('**/dashboard?form=cancel-request&sent=cancelled#form-notice');
      expect(await notice.textContent()).toContain('Appointment cancelled');
      expect(await page.locator('.app-dashboard__request-list > li').first().textContent()).toContain('Cancelled');

      // Log out (a plain form), then reset the password by e-mail: it signs this browser in.
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL('**/?form=logout&sent=done#form-notice');
      expect(await notice.textContent()).toContain('Logged Out');
      expect((await context.cookies()).find((cookie) => cookie.name === 'session')).toBeUndefined();
      await page.goto('/forgot-password');
      await field('Email Address').fill(email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.waitForURL('**/forgot-password?form=forgot-password&sent=sent#form-notice');
      expect(await notice.textContent()).toContain(RESET_REQUESTED_MESSAGE);
      await page.goto(await linkFromOutbox(email, 'Reset', '/reset-password'));
      await field('New Password').fill(NEW_PASSWORD);
      await field('Confirm New Password').fill('not the same');
      await page.getByRole('button', { name: 'Save New Password' }).click();
      await problem.waitFor();
      expect(await problem.textContent()).toContain(PASSWORDS_DO_NOT_MATCH_MESSAGE);
      await field('New Password').fill(NEW_PASSWORD);
      await field('Confirm New Password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Save New Password' }).click();
      await page.waitForURL('**/dashboard?form=reset-password&sent=changed#form-notice');
      expect(await notice.textContent()).toContain('Password Changed');

      // Delete the account: the step opens with ?confirm=delete; a wrong password is refused on the page.
      await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
      await page.waitForURL('**/dashboard?confirm=delete#settings');
      await field('Enter your password to confirm').fill(PASSWORD);
      await page.getByRole('button', { name: 'Delete my account permanently' }).click();
      await problem.waitFor();
      expect(await problem.textContent()).toContain(WRONG_PASSWORD_MESSAGE);
      expect(await axe()).toEqual([]);
      await field('Enter your password to confirm').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Delete my account permanently' }).click();
      await page.waitForURL('**/?form=delete-account&sent=deleted#form-notice');
      expect(await notice.textContent()).toContain('Account Deleted');
      expect((await context.cookies()).some((cookie) => cookie.name === 'session')).toBe(false);
      await page.goto('/dashboard');
      await page.waitForURL('**/signup');
    },
  );
});

const NEW_PASSWORD = 'Suya-at-dusk-in-Yaba-7';

async function logInWithoutScripts(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email Address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

/** An appointment sent with the patient's address, so 'My requests' has one to cancel. */
async function submitAppointmentFor(email: string) {
  const api = createHttpClient(baseUrl());
  await api.client.forms.submitAppointment.mutate({
    fullName: 'Bisi No-Script',
    email,
    phone: '',
    preferredDate: '2030-03-04',
    preferredTime: '',
    serviceType: 'Specialist Consultation',
    message: '',
    website: '',
    fillMs: 5000,
  });
}
