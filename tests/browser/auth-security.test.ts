import fs from 'node:fs';

import { describe, expect } from 'vitest';
import { createHttpClient, trpcError } from '../helpers/auth-http';
import { baseUrl, waitForHydration } from '../helpers/browser';
import { withServerDb } from '../helpers/server-db';
import { PASSWORD, confirmedAccount, logInThroughPage, startForm } from './auth-helpers';
import { expectToast } from '../helpers/toast';
import { browserTest } from '../helpers/browser-test';
import { uniqueEmail } from '../helpers/unique-email';
describe('log-in security', () => {
  browserTest('one generic message for wrong details; after 5 failures, 429 with when to retry', async ({ open }) => {
    const { email } = await confirmedAccount();
    const { page } = await open('/login');
    await waitForHydration(page);
    await startForm(page, 'Email Address');
    await page.getByLabel('Email Address', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not-my-password');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'The email address or password is not correct.' }).waitFor();
    const api = createHttpClient(baseUrl());
    for (let attempt = 0; attempt < 4; attempt++)
      await trpcError(api.client.auth.logIn.mutate({ email, password: `wrong-${attempt}` }));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Too many failed log-in attempts. Please try again in 15 minutes.' })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  browserTest('an unconfirmed account is told to confirm and can ask for a new link', async ({ open }) => {
    const email = uniqueEmail('unconfirmed');
    await createHttpClient(baseUrl()).client.auth.signUp.mutate({ fullName: 'Halima Musa', email, password: PASSWORD });
    const { page } = await open('/login');
    await waitForHydration(page);
    await startForm(page, 'Email Address');
    await page.getByLabel('Email Address', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.getByText('Please confirm your email address before logging in.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Send a new confirmation email' }).click();
    // The sign-up mail went out seconds ago: the once-a-minute limit answers.
    await page
      .getByRole('status')
      .filter({ hasText: /We have just sent an email to this address|we have sent a new link/ })
      .waitFor();
  });

  browserTest('goes back to the page that asked for the log-in (?next=), never to another site', async ({ open }) => {
    const { email } = await confirmedAccount();
    const { page } = await open('/login?next=%2Fdashboard%23settings');
    await waitForHydration(page);
    await startForm(page, 'Email Address');
    await page.getByLabel('Email Address', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL('**/dashboard#settings');
  });
});

describe('session cookie', () => {
  browserTest(
    'is HttpOnly, SameSite=Lax, Path=/ (Secure only in production) and unreadable from scripts',
    async ({ open }) => {
      const { email } = await confirmedAccount();
      const { page, context } = await open('/');
      await logInThroughPage(page, email);
      const cookie = (await context.cookies()).find((item) => item.name === 'session')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });
      expect(cookie.value).toMatch(/^[a-z2-7]{32}$/);
      expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(29 * 86400_000);
      expect(await page.evaluate(() => document.cookie)).not.toContain('session=');
    },
  );

  browserTest('a planted session cookie is replaced at log-in (no fixation) and never works', async ({ open }) => {
    const { email } = await confirmedAccount();
    const planted = 'abcdefghijklmnopqrstuvwxyz234567';
    const { page, context } = await open('/');
    await context.addCookies([{ name: 'session', value: planted, url: baseUrl() }]);
    await logInThroughPage(page, email);
    const cookie = (await context.cookies()).find((item) => item.name === 'session')!;
    expect(cookie.value).not.toBe(planted);
    const attacker = createHttpClient(baseUrl());
    attacker.jar.set('session', planted);
    expect(await attacker.client.auth.me.query()).toEqual({ user: null });
  });

  browserTest('an expired session sends /dashboard to /signup', async ({ open }) => {
    const { email } = await confirmedAccount();
    const { page, context } = await open('/');
    await logInThroughPage(page, email);
    await withServerDb((db) =>
      db
        .updateTable('sessions')
        .set({ expires_at: Date.now() - 1000 })
        .where('user_id', '=', (eb) => eb.selectFrom('users').select('users.id').where('users.email', '=', email))
        .execute(),
    );
    await page.reload();
    await page.waitForURL('**/signup');
    expect((await context.cookies()).some((item) => item.name === 'session')).toBe(false);
  });

  browserTest('dashboard data answers carry Cache-Control: no-store', async ({ open }) => {
    const { email } = await confirmedAccount();
    const { page } = await open('/');
    const me = page.waitForResponse((response) => response.url().includes('/trpc/auth.me'));
    await logInThroughPage(page, email);
    expect((await me).headers()['cache-control']).toBe('no-store');
  });
});

describe('data rights in #settings', () => {
  browserTest('Download my data saves a JSON file of the account', async ({ open }) => {
    const { email, name } = await confirmedAccount('Ibrahim Sani');
    const { page } = await open('/');
    await logInThroughPage(page, email);
    await page.getByRole('link', { name: 'Settings' }).click();
    expect(new URL(page.url()).hash).toBe('#settings');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('ilera-health-my-data.json');
    const data = JSON.parse(fs.readFileSync(await file.path(), 'utf8')) as {
      account: { email: string; fullName: string };
    };
    expect(data.account).toMatchObject({ email, fullName: name });
  });

  browserTest(
    'Delete my account asks for the password, says what is kept, then removes the account',
    async ({ open }) => {
      const { email } = await confirmedAccount();
      const { page } = await open('/');
      await logInThroughPage(page, email);
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByText('We keep forms you have sent us', { exact: false }).waitFor();
      const password = page.getByLabel('Enter your password to confirm', { exact: true });
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('delete-password');
      await password.fill('not-my-password');
      await page.getByRole('button', { name: 'Delete my account permanently' }).click();
      await page.locator('#delete-password-error').filter({ hasText: 'The password is not correct.' }).waitFor();
      await password.fill(PASSWORD);
      await page.getByRole('button', { name: 'Delete my account permanently' }).click();
      await expectToast(page, 'Account Deleted');
      await page.waitForURL((url) => url.pathname === '/');
      await page.goto('/dashboard');
      await page.waitForURL('**/signup');
      expect(
        (await trpcError(createHttpClient(baseUrl()).client.auth.logIn.mutate({ email, password: PASSWORD }))).message,
      ).toBe('The email address or password is not correct.');
    },
  );
});
