import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { MIN_FILL_MS } from '../../shared/form-messages';
import { lagosToday } from '../../shared/lagos-date';
import { DESKTOP, MOBILE, axeViolations, baseUrl } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { uniqueEmail } from '../helpers/unique-email';
import { signInAs } from './chat-helpers';

/**
 * An appointment whose patient ticked 'Send me updates by SMS' (the box itself is another part's; the tRPC input
 * carries `smsConsent`), from a number no other test uses, so the Messages page can be filtered to it.
 */
async function bookWithSmsConsent(fullName: string) {
  const national = `0803${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const response = await fetch(`${baseUrl()}/trpc/forms.submitAppointment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl() },
    body: JSON.stringify({
      fullName,
      email: uniqueEmail('texts', 'example.com'),
      phone: national,
      preferredDate: lagosToday(),
      preferredTime: '10-11 AM',
      serviceType: 'General Check-up',
      message: '',
      smsConsent: true,
      website: '',
      fillMs: MIN_FILL_MS + 1000,
    }),
  });
  if (response.status !== 200) throw new Error(`booking failed: ${response.status} ${await response.text()}`);
  const json = (await response.json()) as { result: { data: { reference: string } } };
  return { reference: json.result.data.reference, digits: `234${national.slice(1)}` };
}

/**
 * The test server's worker sends through the sink with the quiet hours off, at once but not within the confirm's
 * answer: a text is first queued, then sent. The sink has no receipts, so 'sent' is where it stays.
 */
const SMS_QUEUED_OR_SENT = /SMS (queued|sent \d\d:\d\d)$/;

async function expectNoAxeViolationsAtBothSizes(page: Page, heading: string) {
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport.viewport!);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect({ heading, width: viewport.viewport!.width, violations: await axeViolations(page) }).toEqual({
      heading,
      width: viewport.viewport!.width,
      violations: [],
    });
  }
}

describe('texts to patients on the staff pages (issue #27)', () => {
  browserTest(
    'a confirmed request with SMS consent: its texts on the request page and the Messages page, stopped by staff',
    async ({ newContext }) => {
      const { reference, digits } = await bookWithSmsConsent('Kemi Texts');
      const context = await newContext(DESKTOP);
      await signInAs(context, 'agent', 'Ngozi Agent');
      const staff = await context.newPage();
      await staff.goto('/staff?status=all');
      await staff.getByRole('link', { name: reference }).click();
      await staff.getByRole('heading', { level: 1, name: new RegExp(reference) }).waitFor();

      // Staff confirm it: a text is queued beside the e-mail.
      await staff.getByRole('radio', { name: 'Confirmed' }).check();
      await staff.getByLabel('Confirmed date').fill('2026-12-03');
      await staff.getByLabel('Confirmed time (Lagos)').fill('15:45');
      await staff.getByRole('button', { name: 'Confirm', exact: true }).click();
      await staff.getByText('Status changed to Confirmed.').waitFor();

      const texts = staff.getByRole('region', { name: 'Texts to the patient' });
      const confirmedLine = texts.getByRole('listitem').filter({ hasText: /^Confirmed: SMS/ });
      await confirmedLine.waitFor();
      expect(await confirmedLine.textContent()).toMatch(SMS_QUEUED_OR_SENT);
      expect(
        await texts
          .getByRole('listitem')
          .filter({ hasText: /^Request received: SMS/ })
          .textContent(),
      ).toMatch(SMS_QUEUED_OR_SENT);
      expect(await texts.getByText(/^SMS: on since .+, on the appointment form/).count()).toBe(1);
      expect(await texts.getByText('WhatsApp: off, never agreed to').count()).toBe(1);
      // The texts are in the history too, in time order with the rest.
      const history = staff.getByRole('region', { name: 'History' });
      expect(await history.getByText("SMS 'Confirmed' queued.").count()).toBe(1);
      await expectNoAxeViolationsAtBothSizes(staff, `Appointment ${reference}`);
      await staff.setViewportSize(DESKTOP.viewport!);

      // The Messages page lists them, filtered to the number and then to the template, in the URL.
      await staff.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Messages' }).click();
      await staff.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
      await staff.getByText(/The sink driver is on: these are the texts that would be sent, and none left/).waitFor();
      await staff.getByRole('searchbox', { name: /Number/ }).fill(digits);
      await staff.waitForURL(new RegExp(`recipient=${digits}`));
      const table = staff.getByRole('table', { name: 'Texts to patients, newest first' });
      await staff.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 2, undefined, {
        timeout: 5000,
      });
      expect(await table.getByRole('link', { name: reference }).count()).toBe(2);
      expect(
        await table
          .getByRole('link', { name: `+${digits}` })
          .first()
          .getAttribute('href'),
      ).toBe(`tel:+${digits}`);
      await staff.getByRole('combobox', { name: 'Template' }).selectOption('request_confirmed');
      await staff.waitForURL(/template=request_confirmed/);
      await staff.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1);
      const row = table.locator('tbody tr');
      expect(await row.textContent()).toMatch(/Confirmed/);
      expect(await row.textContent()).toMatch(/\d × GSM-7/);
      // A reload keeps the filter.
      await staff.reload();
      await staff.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1);
      expect(await staff.getByRole('combobox', { name: 'Template' }).inputValue()).toBe('request_confirmed');
      expect(await staff.getByRole('searchbox', { name: /Number/ }).inputValue()).toBe(digits);
      await table
        .locator('tbody tr td')
        .nth(4)
        .filter({ hasText: /^Sent$/ })
        .waitFor();
      expect(await table.locator('tbody tr td').nth(6).textContent()).toBe('Sink');
      await expectNoAxeViolationsAtBothSizes(staff, 'Messages');
      await staff.setViewportSize(DESKTOP.viewport!);

      // Back on the request: the patient said 'stop texting me' on the phone.
      await table.getByRole('link', { name: reference }).click();
      await texts
        .getByRole('listitem')
        .filter({ hasText: /^Confirmed: SMS sent \d\d:\d\d$/ })
        .waitFor();
      expect(await history.getByText("SMS 'Confirmed' sent.").count()).toBe(1);
      await staff.getByRole('button', { name: 'Stop texts to this number by SMS' }).click();
      await staff.getByRole('button', { name: 'Yes, stop SMS' }).click();
      await staff.getByText('SMS texts to this number are stopped.').waitFor();
      await texts.getByText(/^SMS: stopped by staff on /).waitFor();
      expect(await texts.getByRole('button', { name: /Stop texts/ }).count()).toBe(0);

      // With SMS off, staff's message goes by e-mail, and the page says so.
      await staff
        .getByRole('textbox', { name: /^Message to the patient/ })
        .last()
        .fill('Please bring your card.');
      await staff.getByRole('button', { name: 'Send message' }).click();
      await staff.getByText('Message saved. The patient sees it under My requests. Sent by e-mail.').waitFor();
    },
  );
});
