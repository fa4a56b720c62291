import { describe, expect } from 'vitest';
import { lagosToday } from '../../shared/lagos-date';
import { DESKTOP, MOBILE, waitForHydration } from '../helpers/browser';
import {
  activeElementId,
  failSubmissions,
  rateLimitSubmissions,
  slowSubmissions,
  startForm,
  waitLikeAPerson,
} from './forms-helpers';
import { expectToast } from '../helpers/toast';
import { browserTest } from '../helpers/browser-test';
const PATH = '/services/book-appointment';

const yesterdayInLagos = () => {
  const [year, month, day] = lagosToday().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
};

async function fillValid(page: import('playwright-core').Page) {
  await page.getByLabel('Full Name', { exact: true }).fill('Ngozi Eze');
  await page.getByLabel('Email Address', { exact: true }).fill('ngozi@example.com');
  await page.getByLabel('Preferred Date').fill(lagosToday());
  await page.getByLabel('Preferred Time').selectOption('10-11 AM');
  await page.getByLabel('Service Type').selectOption('General Check-up');
  await page.getByLabel('Message').fill('Yearly check-up, please.');
}

describe('appointment form', () => {
  browserTest(
    'is in the HTML with its heading and labels, and loads no form code before the visitor starts',
    async ({ open }) => {
      const { page, consoleErrors } = await open(PATH);
      const loaded: string[] = [];
      page.on('request', (request) => loaded.push(request.url()));
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Book an Appointment' }).isVisible()).resolves.toBe(
        true,
      );
      await page.waitForTimeout(300);
      expect(loaded.filter((url) => /stored-form|trpc/.test(url))).toEqual([]);
      const services = await page.getByLabel('Service Type').locator('option').allTextContents();
      expect(services.slice(1)).toEqual([
        'Virtual Consultation',
        'General Check-up',
        'Specialist Consultation',
        'Mental Health Support',
        'Wellness Program Inquiry',
        'Global Health Consultation',
        'Other',
      ]);
      const times = await page.getByLabel('Preferred Time').locator('option').allTextContents();
      expect(times.slice(1)).toEqual([
        '09-10 AM',
        '10-11 AM',
        '11 AM-12 PM',
        '01-02 PM',
        '02-03 PM',
        '03-04 PM',
        '04-05 PM',
      ]);
      await expect(page.getByLabel('Message').getAttribute('rows')).resolves.toBe('4');
      await startForm(page, 'Full Name');
      await page.waitForFunction(() =>
        performance.getEntriesByType('resource').some((entry) => entry.name.includes('stored-form-check')),
      );
      expect(await activeElementId(page)).toBe('appointment-full-name');
      expect(consoleErrors).toEqual([]);
    },
  );

  for (const [name, viewport] of [
    ['1280', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    browserTest(
      `sends at ${name} px: busy label while sending, success toast with the reference, form cleared`,
      async ({ open }) => {
        const { page, consoleErrors } = await open(PATH, viewport);
        await waitForHydration(page);
        await startForm(page, 'Full Name');
        await fillValid(page);
        await waitLikeAPerson(page);
        await slowSubmissions(page);
        await page.getByRole('button', { name: 'Request Appointment' }).click();
        const busy = page.getByRole('button', { name: 'Requesting Appointment...' });
        await busy.waitFor();
        await expect(busy.isDisabled()).resolves.toBe(true);
        await expectToast(
          page,
          'Appointment Requested!',
          /^Our team will contact you to confirm\. Your reference is APT-[2-9A-Z]{5}\.$/,
        );
        await expect(page.getByLabel('Full Name', { exact: true }).inputValue()).resolves.toBe('');
        await expect(page.getByLabel('Service Type').inputValue()).resolves.toBe('');
        await expect(page.getByRole('button', { name: 'Request Appointment' }).isEnabled()).resolves.toBe(true);
        await expect(
          page
            .getByRole('status')
            .filter({ hasText: /Your reference is APT-/ })
            .count(),
        ).resolves.toBeGreaterThan(0);
        expect(consoleErrors).toEqual([]);
      },
    );
  }

  browserTest(
    'sets the date minimum to today in Lagos, and refuses an earlier date by the field with focus moved there',
    async ({ open }) => {
      const { page } = await open(PATH);
      await waitForHydration(page);
      await startForm(page, 'Full Name');
      await expect(page.getByLabel('Preferred Date').getAttribute('min')).resolves.toBe(lagosToday());
      await fillValid(page);
      await page.getByLabel('Preferred Date').fill(yesterdayInLagos());
      await page.getByRole('button', { name: 'Request Appointment' }).click();
      const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
      await summary.waitFor();
      await expect(summary.getByRole('link', { name: 'Preferred date cannot be before today.' }).count()).resolves.toBe(
        1,
      );
      const date = page.getByLabel('Preferred Date');
      await expect(date.getAttribute('aria-invalid')).resolves.toBe('true');
      const describedBy = (await date.getAttribute('aria-describedby')) ?? '';
      const errorText = await page
        .locator(`#${describedBy.split(' ').find((id) => id.endsWith('-error'))}`)
        .textContent();
      expect(errorText).toBe('Error: Preferred date cannot be before today.');
      expect(await activeElementId(page)).toBe('appointment-date');
    },
  );

  browserTest('shows every missing required field by its field, focusing the first', async ({ open }) => {
    const { page } = await open(PATH, MOBILE);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Request Appointment' }).click();
    await page.getByRole('alert').filter({ hasText: 'There is a problem' }).waitFor();
    expect(await activeElementId(page)).toBe('appointment-full-name');
    for (const message of [
      'Enter your full name.',
      'Enter your email address.',
      'Enter your preferred date.',
      'Select the service you need.',
    ]) {
      await expect(page.getByText(`Error: ${message}`).count()).resolves.toBe(1);
    }
  });

  browserTest('keeps the data and shows the failure toast when the server fails', async ({ open }) => {
    const { page } = await open(PATH);
    await waitForHydration(page);
    await startForm(page, 'Full Name');
    await fillValid(page);
    await waitLikeAPerson(page);
    await failSubmissions(page);
    await page.getByRole('button', { name: 'Request Appointment' }).click();
    const toast = await expectToast(page, 'Request Failed', 'Could not submit your request. Please try again.');
    await expect(toast.getAttribute('class')).resolves.toContain('app-toast--destructive');
    await expect(page.getByLabel('Full Name', { exact: true }).inputValue()).resolves.toBe('Ngozi Eze');
    await expect(page.getByLabel('Service Type').inputValue()).resolves.toBe('General Check-up');
    await expect(page.getByLabel('Message').inputValue()).resolves.toBe('Yearly check-up, please.');
  });

  browserTest('shows the rate-limit message in the form and keeps the data', async ({ open }) => {
    const { page } = await open(PATH);
    await waitForHydration(page);
    await startForm(page, 'Full Name');
    await fillValid(page);
    await rateLimitSubmissions(page, 42);
    await page.getByRole('button', { name: 'Request Appointment' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Please wait 42 seconds and try again.' });
    await summary.waitFor();
    expect(await activeElementId(page)).toBe('');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('app-error-summary'))).toBe(true);
    await expect(page.getByLabel('Full Name', { exact: true }).inputValue()).resolves.toBe('Ngozi Eze');
  });

  browserTest(
    'keeps what was typed before the form code loaded, and a submit pressed before then',
    async ({ open }) => {
      const { page } = await open(PATH);
      await waitForHydration(page);
      // Typed into the prerendered form without a focus event reaching it yet.
      await page.evaluate(() => {
        (document.getElementById('appointment-full-name') as HTMLInputElement).value = 'Early Typist';
      });
      await page.getByRole('button', { name: 'Request Appointment' }).click();
      await page.getByRole('alert').filter({ hasText: 'There is a problem' }).waitFor();
      await expect(page.getByLabel('Full Name', { exact: true }).inputValue()).resolves.toBe('Early Typist');
      await expect(page.getByText('Error: Enter your email address.').count()).resolves.toBe(1);
    },
  );
});
