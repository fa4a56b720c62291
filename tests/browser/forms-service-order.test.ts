import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DESKTOP, MOBILE, waitForHydration } from '../helpers/browser';
import { failSubmissions, slowSubmissions, startForm, waitLikeAPerson } from './forms-helpers';
import { expectToast } from '../helpers/toast';
import { browserTest } from '../helpers/browser-test';
const PATH = '/services/order-service';
const packageSelect = (page: Page) => page.getByLabel('Medical Tourism Package', { exact: true });

async function fillContact(page: Page) {
  await page.getByLabel('Full Name', { exact: true }).fill('Tunde Bakare');
  await page.getByLabel('Email Address', { exact: true }).fill('tunde@example.com');
  await page.getByLabel('Message').fill('I need a knee operation.');
}

describe('service order form', () => {
  browserTest('lists the spec categories; the page heading is Order a Service', async ({ open }) => {
    const { page } = await open(PATH);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Order a Service' }).isVisible()).resolves.toBe(true);
    const categories = await page.getByLabel('Service Category').locator('option').allTextContents();
    expect(categories.slice(1)).toEqual([
      'General Inquiry',
      'Virtual Consultation',
      'Secure Messaging',
      'Appointment Scheduling',
      'Health Record Access',
      'Prescription Management',
      'Family Accounts',
      'Wellness Programs',
      'Mental Health Support',
      'International Health',
      'Medical Tourism Package',
      'Health Records Management (Provider)',
      'Practice Operations (Provider)',
      'Other',
    ]);
    await expect(packageSelect(page).count()).resolves.toBe(0);
    await expect(page.getByLabel('Message').getAttribute('rows')).resolves.toBe('4');
  });

  browserTest('?package= selects the package and the Medical Tourism Package category', async ({ open }) => {
    const { page, consoleErrors } = await open(`${PATH}?package=premium-package`);
    await waitForHydration(page);
    await page.waitForSelector('[data-island][data-live]');
    await expect(page.getByLabel('Service Category').inputValue()).resolves.toBe('Medical Tourism Package');
    await expect(packageSelect(page).inputValue()).resolves.toBe('Premium Package');
    expect(consoleErrors).toEqual([]);
  });

  browserTest('?service=virtual-consultation selects the Virtual Consultation category', async ({ open }) => {
    const { page } = await open(`${PATH}?service=virtual-consultation`);
    await waitForHydration(page);
    await page.waitForSelector('[data-island][data-live]');
    await expect(page.getByLabel('Service Category').inputValue()).resolves.toBe('Virtual Consultation');
    await expect(packageSelect(page).count()).resolves.toBe(0);
  });

  browserTest(
    'shows and requires the package only for Medical Tourism Package, and clears it when the category changes away',
    async ({ open }) => {
      const { page } = await open(PATH);
      await waitForHydration(page);
      await startForm(page, 'Full Name');
      await fillContact(page);
      await page.getByLabel('Service Category').selectOption('Medical Tourism Package');
      const packages = await packageSelect(page).locator('option').allTextContents();
      expect(packages.slice(1)).toEqual([
        'Standard Package',
        'Extra Standard Package',
        'Premium Package',
        'Special Package (Companion)',
      ]);
      await page.getByRole('button', { name: 'Place Order' }).click();
      await page.getByText('Error: Select a medical tourism package.').waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('order-service-package');
      await packageSelect(page).selectOption('Standard Package');
      await page.getByLabel('Service Category').selectOption('Other');
      await expect(packageSelect(page).count()).resolves.toBe(0);
      await page.getByLabel('Service Category').selectOption('Medical Tourism Package');
      await expect(packageSelect(page).inputValue()).resolves.toBe('');
    },
  );

  for (const [name, viewport] of [
    ['1280', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    browserTest(
      `places an order at ${name} px: busy label, success toast with the reference, form cleared`,
      async ({ open }) => {
        const { page, consoleErrors } = await open(`${PATH}?package=standard`, viewport);
        await waitForHydration(page);
        await page.waitForSelector('[data-island][data-live]');
        await fillContact(page);
        await waitLikeAPerson(page);
        await slowSubmissions(page);
        await page.getByRole('button', { name: 'Place Order' }).click();
        const busy = page.getByRole('button', { name: 'Placing Order...' });
        await busy.waitFor();
        await expect(busy.isDisabled()).resolves.toBe(true);
        await expectToast(
          page,
          'Service Order Placed!',
          /^We will contact you shortly to confirm details\. Your reference is ORD-[2-9A-Z]{5}\.$/,
        );
        await expect(page.getByLabel('Full Name', { exact: true }).inputValue()).resolves.toBe('');
        await expect(page.getByLabel('Service Category').inputValue()).resolves.toBe('');
        await expect(packageSelect(page).count()).resolves.toBe(0);
        expect(consoleErrors).toEqual([]);
      },
    );
  }

  browserTest('keeps the data and shows the failure toast when the server fails', async ({ open }) => {
    const { page } = await open(PATH);
    await waitForHydration(page);
    await startForm(page, 'Full Name');
    await fillContact(page);
    await page.getByLabel('Service Category').selectOption('Virtual Consultation');
    await waitLikeAPerson(page);
    await failSubmissions(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expectToast(page, 'Order Failed', 'Could not place your order. Please try again.');
    await expect(page.getByLabel('Full Name', { exact: true }).inputValue()).resolves.toBe('Tunde Bakare');
    await expect(page.getByLabel('Service Category').inputValue()).resolves.toBe('Virtual Consultation');
  });
});
