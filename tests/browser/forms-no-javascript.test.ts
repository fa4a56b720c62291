/**
 * Every stored form with JavaScript off (issue #15): a plain HTML post is validated with the same schema and stored,
 * then Post/Redirect/Get shows the success message (and reference); a refused post shows the error summary and the
 * field messages with the visitor's values kept, and passes axe.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { DESKTOP } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { servedCopyChecker, uniqueEmail } from './forms-helpers';

type NoScriptForm = {
  path: string;
  submit: string;
  table: 'newsletter_subscriptions' | 'appointments' | 'service_orders' | 'trip_plans' | 'job_applications';
  fill: (page: Page, email: string) => Promise<void>;
  success: string;
  /** The request forms give a reference in their success message. */
  reference: boolean;
};

const contact = async (page: Page, email: string) => {
  await page.getByLabel('Full Name', { exact: true }).fill('Amaka No-Script');
  await page.getByLabel('Email Address', { exact: true }).fill(email);
};

const forms: NoScriptForm[] = [
  {
    path: '/resources',
    submit: 'Subscribe',
    table: 'newsletter_subscriptions',
    fill: (page, email) => page.getByLabel('Email Address', { exact: true }).fill(email),
    success: 'Subscribed!',
    reference: false,
  },
  {
    path: '/services/book-appointment',
    submit: 'Request Appointment',
    table: 'appointments',
    fill: async (page, email) => {
      await contact(page, email);
      await page.getByLabel('Preferred Date').fill('2030-01-15');
      await page.getByLabel('Service Type').selectOption('Specialist Consultation');
    },
    success: 'Appointment Requested!',
    reference: true,
  },
  {
    path: '/services/order-service',
    submit: 'Place Order',
    table: 'service_orders',
    fill: async (page, email) => {
      await contact(page, email);
      await page.getByLabel('Service Category').selectOption('Virtual Consultation');
    },
    success: 'Service Order Placed!',
    reference: true,
  },
  {
    path: '/services/plan-trip',
    submit: 'Submit Plan',
    table: 'trip_plans',
    fill: async (page, email) => {
      await page.getByLabel('Destination').fill('Chennai, India');
      await contact(page, email);
    },
    success: 'Trip Plan Submitted!',
    reference: true,
  },
  {
    path: '/apply/data-analyst',
    submit: 'Submit Application',
    table: 'job_applications',
    fill: async (page, email) => {
      await contact(page, email);
      await page.getByLabel('Resume Link').fill('https://example.com/cv.pdf');
    },
    success: 'Application Submitted!',
    reference: true,
  },
];

async function storedRows(table: NoScriptForm['table'], email: string) {
  const { db } = openDatabase(path.join(inject('dataDir'), 'app.db'));
  try {
    return await db.selectFrom(table).select('email').where('email', '=', email).execute();
  } finally {
    await db.destroy();
  }
}

describe('stored forms with JavaScript off', () => {
  for (const form of forms) {
    browserTest(
      `${form.path}: stored and shown once; a bad e-mail keeps the values and names the field`,
      async ({ newContext }) => {
        const context = await newContext({ ...DESKTOP, javaScriptEnabled: false });
        const page = await context.newPage();
        const violationsAsServed = await servedCopyChecker(newContext, page);
        await page.goto(form.path);

        // A mistake first: the page comes back with the summary, the field's message and what was typed.
        await form.fill(page, 'not-an-email');
        await page.getByRole('button', { name: form.submit }).click();
        await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
        const emailField = page.getByLabel('Email Address', { exact: true });
        expect(await emailField.inputValue()).toBe('not-an-email');
        expect(await emailField.getAttribute('aria-invalid')).toBe('true');
        const summaryLink = page.getByRole('link', { name: /Enter an email address in the correct format/ });
        expect(await summaryLink.getAttribute('href')).toBe(`#${await emailField.getAttribute('id')}`);
        if (form.path !== '/resources')
          expect(await page.getByLabel('Full Name', { exact: true }).inputValue()).toBe('Amaka No-Script');
        expect(await violationsAsServed()).toEqual([]);

        // Corrected: stored, and the page it returns to says so.
        const email = uniqueEmail('noscript');
        await form.fill(page, email);
        await page.getByRole('button', { name: form.submit }).click();
        await page.waitForURL(/[?&]sent=/);
        const notice = page.getByRole('status').filter({ hasText: form.success });
        await notice.waitFor();
        if (form.reference) expect(await notice.textContent()).toMatch(/[A-Z]{3}-[2-9A-Z]{5}/);
        expect(await storedRows(form.table, email)).toHaveLength(1);
        // Reloading the page it returned to sends nothing again (Post/Redirect/Get).
        await page.reload();
        await notice.waitFor();
        expect(await storedRows(form.table, email)).toHaveLength(1);
        expect(await violationsAsServed()).toEqual([]);
      },
    );
  }
});
