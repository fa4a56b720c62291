/**
 * 'Send me updates by SMS' and 'by WhatsApp' in the browser (issue #27.5): the boxes post with JavaScript off and come
 * back ticked after a refusal, a box ticked before the scripts arrive on the throttled phone is still ticked (and
 * sent) once the form is live, and the account page turns updates on and off, with and without scripts; axe finds
 * nothing on the appointment form or the account page at 375 and 1280 px.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import { CONSENT_NEEDS_MOBILE_MESSAGE, consentLabels } from '../../shared/messaging/consent';
import { createHttpClient } from '../helpers/auth-http';
import { DESKTOP, MOBILE, axeViolations, baseUrl, waitForHydration } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { withServerDb } from '../helpers/server-db';
import { ARRIVAL_TIMEOUT_MS, openOnSlowPhone } from '../helpers/slow-phone';
import { expectToast } from '../helpers/toast';
import { uniqueEmail } from '../helpers/unique-email';
import { PASSWORD, confirmedAccount, logInThroughPage } from './auth-helpers';
import { servedCopyChecker, storedForms, storedRows } from './forms-helpers';

const appointment = storedForms.find((form) => form.table === 'appointments')!;

/** A mobile number no other test uses: '0803 xxx xxxx' typed, '+234803xxxxxxx' stored. */
function newMobile() {
  const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return { typed: `0803 ${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+234803${digits}` };
}

const consentsOf = (phoneE164: string) =>
  withServerDb((db) =>
    db
      .selectFrom('message_consents')
      .select(['channel', 'action', 'source'])
      .where('phone_e164', '=', phoneE164)
      .orderBy('id')
      .execute(),
  );

const smsBox = (page: Page) => page.getByRole('checkbox', { name: consentLabels.sms });

describe('the consent boxes on the appointment form', () => {
  browserTest(
    'with JavaScript off: a box beside a landline comes back ticked with its message; beside a mobile it is stored',
    async ({ newContext }) => {
      const page = await (await newContext({ ...DESKTOP, javaScriptEnabled: false })).newPage();
      const violationsAsServed = await servedCopyChecker(newContext, page);
      await page.goto(appointment.path);
      const email = uniqueEmail('consent-noscript');
      await appointment.fill(page, email);
      await page.getByLabel('Phone Number').fill('01 234 5678');
      await smsBox(page).check();
      await page.getByRole('button', { name: appointment.submit }).click();

      await page.getByRole('link', { name: CONSENT_NEEDS_MOBILE_MESSAGE }).waitFor();
      expect(await smsBox(page).isChecked()).toBe(true);
      expect(await smsBox(page).getAttribute('aria-invalid')).toBe('true');
      expect(await storedRows('appointments', email)).toEqual([]);
      expect(await violationsAsServed()).toEqual([]);

      const mobile = newMobile();
      await page.getByLabel('Phone Number').fill(mobile.typed);
      await page.getByRole('button', { name: appointment.submit }).click();
      await page.waitForURL(/[?&]sent=/);
      expect(await storedRows('appointments', email)).toHaveLength(1);
      expect(await consentsOf(mobile.e164)).toEqual([
        { channel: 'sms', action: 'granted', source: 'appointment form' },
      ]);
    },
  );

  browserTest(
    'ticked on the throttled phone before the scripts arrive: still ticked once live, and sent',
    async ({ newContext }) => {
      const context = await newContext(MOBILE);
      const held: Route[] = [];
      let holding = true;
      await context.route('**/*.js', (route) => (holding ? void held.push(route) : void route.continue()));
      const page = await openOnSlowPhone(context, appointment.path);
      const email = uniqueEmail('consent-early');
      const mobile = newMobile();
      await appointment.fill(page, email);
      await page.getByLabel('Phone Number').fill(mobile.typed);
      await page.getByRole('checkbox', { name: consentLabels.whatsapp }).check();

      holding = false;
      for (const route of held.splice(0)) await route.continue();
      await waitForHydration(page);
      await page.getByLabel('Full Name', { exact: true }).focus();
      await page.waitForSelector('[data-island][data-live]', { timeout: ARRIVAL_TIMEOUT_MS });
      expect(await page.getByRole('checkbox', { name: consentLabels.whatsapp }).isChecked()).toBe(true);
      expect(await smsBox(page).isChecked()).toBe(false);

      await page.getByRole('button', { name: appointment.submit }).click();
      await expectToast(page, appointment.success);
      expect(await consentsOf(mobile.e164)).toEqual([
        { channel: 'whatsapp', action: 'granted', source: 'appointment form' },
      ]);
      // Sent, the form is empty again, boxes included.
      expect(await page.getByRole('checkbox', { name: consentLabels.whatsapp }).isChecked()).toBe(false);
    },
    4 * ARRIVAL_TIMEOUT_MS,
  );

  for (const [size, options] of [
    ['1280', DESKTOP],
    ['375', MOBILE],
  ] as const)
    browserTest(
      `ticked from the keyboard, a 44px row; axe with the box's error shown (${size} px)`,
      async ({ open }) => {
        const { page } = await open(appointment.path, options);
        await waitForHydration(page);
        expect(await axeViolations(page)).toEqual([]);
        await page.getByLabel('Full Name', { exact: true }).focus();
        await page.waitForSelector('[data-island][data-live]');
        await appointment.fill(page, uniqueEmail('consent-axe'));
        await page.getByLabel('Phone Number').focus();
        await page.keyboard.press('Tab');
        expect(await smsBox(page).evaluate((box) => box === document.activeElement)).toBe(true);
        await page.keyboard.press('Space');
        expect(await smsBox(page).isChecked()).toBe(true);
        // The label holds the box: the whole row is the target, 44px high at least.
        const row = await page.locator(`label[for="${await smsBox(page).getAttribute('id')}"]`).boundingBox();
        expect(row?.height).toBeGreaterThanOrEqual(44);
        await page.getByLabel('Phone Number').fill('');
        await page.getByRole('button', { name: appointment.submit }).click();
        await page.getByRole('link', { name: /Enter a phone number to get updates/ }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
      },
    );
});

/** A confirmed account with one appointment sent from `phone` with SMS ticked. */
async function patientWithNumber(name: string) {
  const { email } = await confirmedAccount(name);
  const mobile = newMobile();
  const api = createHttpClient(baseUrl());
  await api.client.forms.submitAppointment.mutate({
    fullName: name,
    email,
    phone: mobile.typed,
    preferredDate: '2030-01-15',
    serviceType: 'Specialist Consultation',
    smsConsent: true,
    website: '',
    fillMs: 5000,
  });
  return { email, mobile, display: `+234 803 ${mobile.e164.slice(7, 10)} ${mobile.e164.slice(10)}` };
}

const section = (page: Page) => page.getByRole('region', { name: 'Updates on your phone' });

describe("the account page's 'Updates on your phone'", () => {
  for (const [size, options] of [
    ['1280', DESKTOP],
    ['375', MOBILE],
  ] as const)
    browserTest(`shows each number's state and turns SMS off in one click; axe (${size} px)`, async ({ open }) => {
      const patient = await patientWithNumber('Chioma Consent');
      const { page } = await open('/', options);
      await logInThroughPage(page, patient.email);
      const updates = section(page);
      await updates.getByRole('heading', { name: patient.display }).waitFor();
      expect(await updates.textContent()).toMatch(/SMSOn since \d{1,2} [A-Z][a-z]{2} \d{4}/);
      expect(await axeViolations(page)).toEqual([]);

      await updates.getByRole('button', { name: `Turn off SMS updates for ${patient.display}` }).click();
      await expectToast(page, 'SMS updates turned off');
      await updates.getByRole('button', { name: `Turn on SMS updates for ${patient.display}` }).waitFor();
      expect(await consentsOf(patient.mobile.e164)).toEqual([
        { channel: 'sms', action: 'granted', source: 'appointment form' },
        { channel: 'sms', action: 'withdrawn', source: 'account' },
      ]);
      expect(await axeViolations(page)).toEqual([]);
    });

  browserTest(
    'with JavaScript off: drawn on the server, WhatsApp turned on by a plain post',
    async ({ newContext }) => {
      const patient = await patientWithNumber('Emeka Consent');
      const context = await newContext({ ...DESKTOP, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel('Email Address', { exact: true }).fill(patient.email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Log In', exact: true }).click();
      await page.waitForURL('**/dashboard');
      const updates = section(page);
      await updates.getByRole('button', { name: `Turn on WhatsApp updates for ${patient.display}` }).click();
      await page.waitForURL(/[?&]sent=whatsapp-on/);
      await page.getByRole('status').filter({ hasText: 'WhatsApp updates turned on' }).waitFor();
      await updates.getByRole('button', { name: `Turn off WhatsApp updates for ${patient.display}` }).waitFor();
      expect(await consentsOf(patient.mobile.e164)).toEqual([
        { channel: 'sms', action: 'granted', source: 'appointment form' },
        { channel: 'whatsapp', action: 'granted', source: 'account' },
      ]);
      expect(await (await servedCopyChecker(newContext, page))()).toEqual([]);
    },
  );
});
