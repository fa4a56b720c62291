/** Helpers for the account browser tests (not a test file itself). */
import type { Page } from 'playwright-core';
import { createHttpClient } from '../helpers/auth-http';
import { baseUrl } from '../helpers/browser';
import { linkFromOutbox } from '../helpers/outbox';
import { uniqueEmail } from '../helpers/unique-email';

export const PASSWORD = 'Moi-moi-and-agidi-24';

/** Focuses a field of the prerendered form and waits until the live form has taken over. */
export async function startForm(page: Page, fieldLabel: string) {
  await page.getByLabel(fieldLabel, { exact: true }).focus();
  await page.waitForSelector('[data-island][data-live]');
}

/** A confirmed account made through the API (sign-up, then the link from the outbox mail). */
export async function confirmedAccount(name = 'Funmi Adebayo', email = uniqueEmail('funmi')) {
  const api = createHttpClient(baseUrl());
  await api.client.auth.signUp.mutate({ fullName: name, email, password: PASSWORD });
  const link = await linkFromOutbox(email, 'Confirm', '/confirm-email');
  await api.client.auth.confirmEmail.mutate({ token: new URL(link, baseUrl()).searchParams.get('token')! });
  return { name, email };
}

/** Logs in through the /login page and waits for the dashboard. */
export async function logInThroughPage(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await startForm(page, 'Email Address');
  await page.getByLabel('Email Address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
}
