/**
 * A visitor on a slow phone types into a prerendered form before its scripts arrive, then sends as soon as it works
 * (issue #15): the form is stored once (no false success from the bot timer) and comes back empty, for every form
 * that stays on its page after success. Forms that leave the page (log-in, the dashboard's request) are sent once.
 */
import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import { MOBILE, waitForHydration } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { expectToast } from '../helpers/toast';
import { PASSWORD, confirmedAccount } from './auth-helpers';
import { storedForms, storedRows } from './forms-helpers';
import { uniqueEmail } from '../helpers/unique-email';

/** Opens `path` with every script held back until `release()`: the visitor meets the prerendered form only. */
async function openWithScriptsHeld(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const held: Route[] = [];
  let holding = true;
  await page.route('**/*.js', (route) => (holding ? void held.push(route) : void route.continue()));
  await page.goto(path);
  const release = async () => {
    // Long enough since the page opened for a person; the form itself goes live only now.
    await page.waitForTimeout(1700);
    holding = false;
    for (const route of held.splice(0)) await route.continue();
    await waitForHydration(page);
  };
  return { page, release };
}

const valuesOf = (page: Page, labels: string[]) =>
  Promise.all(labels.map((label) => page.getByLabel(label, { exact: true }).inputValue()));

describe('typed before the scripts arrived', () => {
  for (const form of storedForms) {
    browserTest(
      `${form.path}: stored once when sent at once after hydration, and empty afterwards`,
      async ({ newContext }) => {
        const { page, release } = await openWithScriptsHeld(await newContext(MOBILE), form.path);
        const email = uniqueEmail('early');
        await form.fill(page, email);
        expect((await valuesOf(page, form.typed)).every((value) => value !== '')).toBe(true);
        await release();
        await page.getByRole('button', { name: form.submit }).click();
        await expectToast(page, form.success);
        expect(await valuesOf(page, form.typed)).toEqual(form.typed.map(() => ''));
        expect(await storedRows(form.table, email)).toHaveLength(1);
      },
    );
  }

  browserTest('/signup: the account is created and the form is empty afterwards', async ({ newContext }) => {
    const { page, release } = await openWithScriptsHeld(await newContext(MOBILE), '/signup');
    const labels = ['Full Name', 'Email Address', 'Password', 'Confirm Password'];
    await page.getByLabel('Full Name', { exact: true }).fill('Ngozi Early');
    await page.getByLabel('Email Address', { exact: true }).fill(uniqueEmail('early'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await release();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Account Created!', 'Please check your email to confirm your account.');
    expect(await valuesOf(page, labels)).toEqual(labels.map(() => ''));
  });

  browserTest('/forgot-password: the neutral answer is shown and the field is empty', async ({ newContext }) => {
    const { email } = await confirmedAccount('Tunde Early');
    const { page, release } = await openWithScriptsHeld(await newContext(MOBILE), '/forgot-password');
    await page.getByLabel('Email Address', { exact: true }).fill(email);
    await release();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('The link works for 1 hour.', { exact: false }).waitFor();
    expect(await page.getByLabel('Email Address', { exact: true }).inputValue()).toBe('');
  });

  browserTest('/login: typed early, sent once, signed in', async ({ newContext }) => {
    const { email } = await confirmedAccount('Bisi Early');
    const context = await newContext(MOBILE);
    const { page, release } = await openWithScriptsHeld(context, '/login');
    const logIns: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/login|auth\.logIn/.test(request.url())) logIns.push(request.url());
    });
    await page.getByLabel('Email Address', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await release();
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Bisi Early' }).waitFor();
    expect(logIns).toHaveLength(1);
  });
});
