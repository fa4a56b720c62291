/**
 * Booking a free time on /services/book-appointment (issue #28.2) and the dashboard's upcoming appointments
 * (issue #28.7), in Chromium, on this file's own server (a clinician seeded in its database; the shared server has
 * none, so the other files see the request form only). With JavaScript on and off, two tabs for one time, the
 * throttled phone typing before the scripts arrive, and axe on every state.
 */
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createSession, generateSessionToken } from '../../server/auth/session';
import { sessionCookieName } from '../../server/auth/cookies';
import { users } from '../../server/data/users';
import { SLOT_TAKEN_MESSAGE } from '../../shared/messages/booking-messages';
import { DESKTOP, MOBILE, axeViolations, waitForHydration } from '../helpers/browser';
import { blockSiteScripts, browserTest } from '../helpers/browser-test';
import { seedClinician } from '../helpers/booking-seed';
import { startSiteServer } from '../helpers/site-server';
import { ARRIVAL_TIMEOUT_MS, openOnSlowPhone } from '../helpers/slow-phone';
import { uniqueEmail } from '../helpers/unique-email';
import { waitLikeAPerson } from './forms-helpers';

const PAGE = '/services/book-appointment';
let site: Awaited<ReturnType<typeof startSiteServer>>;
beforeAll(async () => {
  site = await startSiteServer({ RATE_LIMIT_FORMS_PER_MINUTE: '1000' });
  // Every day 08:00–20:00 Lagos, an hour a time: free times in the next 14 days whatever the hour the test runs.
  await seedClinician(site.db, {
    name: 'Dr Amaka Obi',
    service: 'General Check-up',
    slotMinutes: 60,
    hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
  });
});
afterAll(() => site?.close());

type Contexts = { push: (context: BrowserContext) => unknown };
const contextOn = async (
  browser: { newContext: (options: BrowserContextOptions) => Promise<BrowserContext> },
  contexts: Contexts,
  options: BrowserContextOptions = DESKTOP,
) => {
  const context = await browser.newContext({ ...options, baseURL: site.baseUrl });
  contexts.push(context);
  return context;
};

const bookingForm = (page: Page) => page.getByRole('form', { name: 'Book a time' });

async function fillBooking(page: Page, name: string, email: string) {
  const form = bookingForm(page);
  await form.getByLabel('Full Name', { exact: true }).fill(name);
  await form.getByLabel('Email Address', { exact: true }).fill(email);
  await form.getByLabel('Phone Number').fill('0803 555 0101');
  await form.getByLabel('Message').fill('A check-up, please');
}

/** The value (epoch ms) of the n-th free time on the page. */
const slotValue = (page: Page, index: number) =>
  bookingForm(page).locator('input[name="slot"]').nth(index).getAttribute('value');

const stored = (email: string) =>
  site.db
    .selectFrom('requests')
    .innerJoin('bookings', 'bookings.request_id', 'requests.id')
    .select(['requests.full_name as name', 'requests.status as status', 'bookings.starts_at as startsAt'])
    .where('requests.email', '=', email)
    .execute();

/** axe on a copy of a page whose scripts are off: the same HTML in a page with the site scripts blocked. */
async function servedCopyViolations(context: BrowserContext, page: Page) {
  const checker = await context.newPage();
  await blockSiteScripts(checker);
  await checker.goto('/accessibility');
  await checker.setContent(await page.content(), { waitUntil: 'load' });
  const violations = await axeViolations(checker);
  await checker.close();
  return violations;
}

describe('booking a free time', () => {
  browserTest(
    'with JavaScript on: booked in place, the focus on the booked notice; axe on each state',
    async ({ browser, contexts }) => {
      const context = await contextOn(browser, contexts);
      const page = await context.newPage();
      await page.goto(PAGE);
      await waitForHydration(page);
      expect(await axeViolations(page)).toEqual([]);

      // A mistake first: the errors are named and summarised, in the live form.
      await bookingForm(page).getByLabel('Full Name', { exact: true }).focus();
      await page.waitForSelector('[data-island="booking"][data-live]');
      await bookingForm(page).getByRole('button', { name: 'Book this time' }).click();
      await page.getByRole('link', { name: 'Choose a time from the list.' }).waitFor();
      await page.getByRole('link', { name: 'Enter your full name.' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      const email = uniqueEmail('book-js');
      await fillBooking(page, 'Ada Live', email);
      const wanted = Number(await slotValue(page, 1));
      await bookingForm(page).locator('input[name="slot"]').nth(1).check();
      await waitLikeAPerson(page);
      await bookingForm(page).getByRole('button', { name: 'Book this time' }).click();
      const notice = page.locator('#booking-sent');
      await notice.getByRole('heading', { name: 'Your appointment is booked' }).waitFor();
      expect(await notice.evaluate((element) => element === document.activeElement)).toBe(true);
      const rows = await stored(email);
      expect(rows).toEqual([{ name: 'Ada Live', status: 'confirmed', startsAt: wanted }]);
      expect(await notice.textContent()).toMatch(/\(Lagos time\)\. Your reference is APT-[2-9A-HJKMNP-Z]{5}\./);
      expect(await axeViolations(page)).toEqual([]);
    },
  );

  browserTest(
    'with JavaScript off: errors keep the values, then booked and shown after the redirect',
    async ({ browser, contexts }) => {
      const context = await contextOn(browser, contexts, { ...DESKTOP, javaScriptEnabled: false });
      const checkerContext = await contextOn(browser, contexts);
      const page = await context.newPage();
      await page.goto(PAGE);
      expect(await servedCopyViolations(checkerContext, page)).toEqual([]);

      const email = uniqueEmail('book-nojs');
      await fillBooking(page, '', email);
      await bookingForm(page).getByRole('button', { name: 'Book this time' }).click();
      await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
      await page.getByRole('link', { name: 'Enter your full name.' }).waitFor();
      expect(await page.getByRole('link', { name: 'Choose a time from the list.' }).getAttribute('href')).toBe(
        '#booking-slot',
      );
      expect(await bookingForm(page).getByLabel('Email Address', { exact: true }).inputValue()).toBe(email);
      expect(await servedCopyViolations(checkerContext, page)).toEqual([]);

      await bookingForm(page).getByLabel('Full Name', { exact: true }).fill('Bayo NoScript');
      const wanted = Number(await slotValue(page, 2));
      await bookingForm(page).locator('input[name="slot"]').nth(2).check();
      await bookingForm(page).getByRole('button', { name: 'Book this time' }).click();
      await page.waitForURL(/[?&]sent=APT-/);
      await page.getByRole('heading', { name: 'Your appointment is booked' }).waitFor();
      expect(await stored(email)).toEqual([{ name: 'Bayo NoScript', status: 'confirmed', startsAt: wanted }]);
      expect(page.url()).toContain(`at=${wanted}`);
      expect(await servedCopyViolations(checkerContext, page)).toEqual([]);
    },
  );

  browserTest(
    'two tabs choose one time: the second keeps what it typed and is offered the 3 nearest times',
    async ({ browser, contexts }) => {
      const first = await (await contextOn(browser, contexts)).newPage();
      const second = await (await contextOn(browser, contexts)).newPage();
      await Promise.all([first.goto(PAGE), second.goto(PAGE)]);
      await Promise.all([waitForHydration(first), waitForHydration(second)]);
      const firstEmail = uniqueEmail('tab-one');
      const secondEmail = uniqueEmail('tab-two');
      await fillBooking(first, 'Tab One', firstEmail);
      await fillBooking(second, 'Tab Two', secondEmail);
      const wanted = Number(await slotValue(first, 4));
      await bookingForm(first).locator('input[name="slot"]').nth(4).check();
      await bookingForm(second).locator('input[name="slot"]').nth(4).check();
      await waitLikeAPerson(second);

      await bookingForm(first).getByRole('button', { name: 'Book this time' }).click();
      await first.getByRole('heading', { name: 'Your appointment is booked' }).waitFor();
      await bookingForm(second).getByRole('button', { name: 'Book this time' }).click();
      await second.getByText(SLOT_TAKEN_MESSAGE).waitFor();

      const form = bookingForm(second);
      expect(await form.getByLabel('Full Name', { exact: true }).inputValue()).toBe('Tab Two');
      expect(await form.getByLabel('Email Address', { exact: true }).inputValue()).toBe(secondEmail);
      expect(await form.getByLabel('Message').inputValue()).toBe('A check-up, please');
      const nearest = form.getByRole('group', { name: 'The nearest free times' }).locator('input[name="slot"]');
      expect(await nearest.count()).toBe(3);
      const offered = await nearest.evaluateAll((inputs) =>
        inputs.map((input) => Number((input as HTMLInputElement).value)),
      );
      expect(offered).not.toContain(wanted);
      expect(await form.locator(`input[name="slot"][value="${wanted}"]`).count()).toBe(0);
      expect(await stored(secondEmail)).toEqual([]);
      expect(await axeViolations(second)).toEqual([]);

      // One of the nearest: booked.
      await nearest.first().check();
      await form.getByRole('button', { name: 'Book this time' }).click();
      await second.getByRole('heading', { name: 'Your appointment is booked' }).waitFor();
      expect(await stored(secondEmail)).toEqual([{ name: 'Tab Two', status: 'confirmed', startsAt: offered[0] }]);
    },
  );

  browserTest(
    'the throttled phone: typed before the scripts arrive, nothing lost, booked once',
    async ({ browser, contexts }) => {
      const context = await contextOn(browser, contexts, MOBILE);
      const page = await openOnSlowPhone(context, PAGE);
      const email = uniqueEmail('book-slow');
      const form = bookingForm(page);
      await form.locator('input[name="slot"]').nth(3).check();
      const wanted = Number(await slotValue(page, 3));
      await form.getByLabel('Full Name', { exact: true }).pressSequentially('Chioma Slowphone');
      await form.getByLabel('Email Address', { exact: true }).pressSequentially(email);
      await form.getByLabel('Message').pressSequentially('Typed while loading');
      await waitLikeAPerson(page);
      await form.getByRole('button', { name: 'Book this time' }).click();
      await page.getByRole('heading', { name: 'Your appointment is booked' }).waitFor({ timeout: ARRIVAL_TIMEOUT_MS });
      expect(await stored(email)).toEqual([{ name: 'Chioma Slowphone', status: 'confirmed', startsAt: wanted }]);
      const message = await site.db
        .selectFrom('appointments')
        .select('message')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(message.message).toBe('Typed while loading');
    },
  );
});

describe("the dashboard's upcoming appointments", () => {
  browserTest(
    'lists the booked time; Choose another time goes to the reschedule link; axe',
    async ({ browser, contexts }) => {
      const email = uniqueEmail('dash-booking');
      // Booked without JavaScript, then signed in with the same confirmed address.
      const booker = await (await contextOn(browser, contexts, { ...DESKTOP, javaScriptEnabled: false })).newPage();
      await booker.goto(PAGE);
      await fillBooking(booker, 'Dara Dashboard', email);
      await bookingForm(booker).locator('input[name="slot"]').nth(5).check();
      await bookingForm(booker).getByRole('button', { name: 'Book this time' }).click();
      await booker.waitForURL(/[?&]sent=APT-/);

      const user = await users.create(site.db, {
        email,
        fullName: 'Dara Dashboard',
        passwordHash: 'x',
        confirmed: true,
      });
      const token = generateSessionToken();
      await createSession(site.db, token, user.id);
      const context = await contextOn(browser, contexts);
      await context.addCookies([{ name: sessionCookieName({}), value: token, url: site.baseUrl }]);
      const page = await context.newPage();
      await page.goto('/dashboard');
      await waitForHydration(page);
      const list = page.locator('#upcoming-appointments');
      await list.getByText('Dr Amaka Obi').waitFor();
      expect(await list.getByRole('button', { name: /^Cancel appointment APT-/ }).count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);

      await list.getByRole('button', { name: /^Choose another time APT-/ }).click();
      await page.waitForURL(/\/appointments\/reschedule\?token=[A-Za-z0-9_-]{43}$/);
    },
  );
});
