/** Helpers shared by the forms' browser tests (not a test file itself). */
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP, axeViolations } from '../helpers/browser';
import { blockSiteScripts } from '../helpers/browser-test';
import { openServerDatabase } from '../helpers/server-db';
import { MIN_FILL_MS } from '../../shared/form-messages';
import { faultKey, type WriteFault } from '../helpers/write-faults';

/** Focuses a field of the prerendered form and waits until the live form has taken over. */
export async function startForm(page: Page, fieldLabel: string) {
  await page.getByLabel(fieldLabel, { exact: true }).focus();
  await page.waitForSelector('[data-island][data-live]');
}

/** People take a moment to fill a form; the server treats faster posts as bots. */
export const waitLikeAPerson = (page: Page) => page.waitForTimeout(MIN_FILL_MS + 200);

/** Holds each form submission for `ms`, so the busy state can be seen. */
export async function slowSubmissions(page: Page, ms = 800) {
  await page.route('**/trpc/forms.**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/**
 * The same submission with an idempotency key the test server's database fails on (tests/helpers/write-faults.ts):
 * the server answers as it would to that fault, and nothing is stored.
 */
export function withFaultKey(postData: string | null, fault: WriteFault) {
  const body = JSON.parse(postData ?? '{}') as { idempotencyKey?: string };
  return JSON.stringify({ ...body, idempotencyKey: faultKey(fault, body.idempotencyKey) });
}

/** Makes the server fail this page's form submissions (a database error: the generic 500). */
export async function failSubmissions(page: Page) {
  await page.route('**/trpc/forms.**', (route) =>
    route.continue({ postData: withFaultKey(route.request().postData(), 'error') }),
  );
}

/** Answers the next submission as the rate limiter would (HTTP 429, Retry-After). */
export async function rateLimitSubmissions(page: Page, retryAfterSeconds = 42) {
  await page.route('**/trpc/forms.**', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': String(retryAfterSeconds) },
      body: JSON.stringify({
        error: {
          message: `You have sent this form too many times in a short time. Please wait ${retryAfterSeconds} seconds and try again.`,
          code: -32029,
          data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, fieldErrors: null, retryAfterSeconds },
        },
      }),
    }),
  );
}

export const activeElementId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/**
 * axe for a page opened with JavaScript off: axe needs a script, so it checks a copy of the page as served, in a
 * JavaScript-enabled page of the same site that runs no site script.
 */
export async function servedCopyChecker(
  newContext: (options: BrowserContextOptions) => Promise<BrowserContext>,
  page: Page,
) {
  const checker = await (await newContext(DESKTOP)).newPage();
  await blockSiteScripts(checker);
  await checker.goto('/accessibility');
  return async () => {
    await checker.setContent(await page.content(), { waitUntil: 'load' });
    return axeViolations(checker);
  };
}

export type StoredFormCase = {
  path: string;
  submit: string;
  table: 'newsletter_subscriptions' | 'appointments' | 'service_orders' | 'trip_plans' | 'job_applications';
  fill: (page: Page, email: string) => Promise<void>;
  success: string;
  /** The request forms give a reference in their success message. */
  reference: boolean;
  /** The labels of the fields `fill` types into: empty again after a successful send. */
  typed: string[];
};

const contact = async (page: Page, email: string) => {
  await page.getByLabel('Full Name', { exact: true }).fill('Amaka No-Script');
  await page.getByLabel('Email Address', { exact: true }).fill(email);
};

/** The five stored forms, how to fill each validly, and what its success says. */
export const storedForms: StoredFormCase[] = [
  {
    path: '/resources',
    submit: 'Subscribe',
    table: 'newsletter_subscriptions',
    fill: (page, email) => page.getByLabel('Email Address', { exact: true }).fill(email),
    success: 'Subscribed!',
    reference: false,
    typed: ['Email Address'],
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
    typed: ['Full Name', 'Email Address', 'Preferred Date'],
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
    typed: ['Full Name', 'Email Address'],
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
    typed: ['Destination', 'Full Name', 'Email Address'],
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
    typed: ['Full Name', 'Email Address', 'Resume Link'],
  },
];

/** The rows stored for this address, read from the test server's database. */
export async function storedRows(table: StoredFormCase['table'], email: string) {
  const db = openServerDatabase();
  try {
    return await db.selectFrom(table).select('email').where('email', '=', email).execute();
  } finally {
    await db.destroy();
  }
}
