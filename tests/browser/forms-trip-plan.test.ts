import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DESKTOP, MOBILE, waitForHydration } from '../helpers/browser';
import { failSubmissions, slowSubmissions, startForm, waitLikeAPerson } from './forms-helpers';
import { expectToast } from '../helpers/toast';
import { browserTest } from '../helpers/browser-test';
const PATH = '/services/plan-trip';
const travelers = (page: Page) => page.getByLabel('Number of Travelers');

async function fillValid(page: Page) {
  await page.getByLabel('Destination').fill('Chennai, India');
  await page.getByLabel('Departure Date').fill('2030-03-01');
  await page.getByLabel('Return Date').fill('2030-03-20');
  await travelers(page).fill('2');
  await page.getByLabel('Accommodation Preference').selectOption('Serviced Apartment');
  await page.getByLabel('Activity Interests').selectOption('Relaxation & Wellness');
  await page.getByLabel('Full Name', { exact: true }).fill('Bola Adewale');
  await page.getByLabel('Email Address', { exact: true }).fill('bola@example.com');
}

describe('trip plan form', () => {
  browserTest(
    'has the heading, the Travel Details and Contact Information sections and the spec lists',
    async ({ open }) => {
      const { page } = await open(PATH);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Plan Your Medical Trip' }).isVisible()).resolves.toBe(
        true,
      );
      await expect(page.getByRole('group', { name: 'Travel Details' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('group', { name: 'Contact Information' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('heading', { level: 2, name: 'Travel Details' }).count()).resolves.toBe(1);
      const stays = await page.getByLabel('Accommodation Preference').locator('option').allTextContents();
      expect(stays.slice(1)).toEqual([
        'Hotel (5-star)',
        'Hotel (4-star)',
        'Hotel (3-star)',
        'Serviced Apartment',
        'Guesthouse',
        'No Preference',
      ]);
      const activities = await page.getByLabel('Activity Interests').locator('option').allTextContents();
      expect(activities.slice(1)).toEqual([
        'Cultural Tours',
        'Adventure Activities',
        'Relaxation & Wellness',
        'Shopping',
        'Nature & Outdoors',
        'Food & Culinary',
        'No Specific Interests',
      ]);
      await expect(travelers(page).inputValue()).resolves.toBe('1');
      await expect(travelers(page).getAttribute('min')).resolves.toBe('1');
      await expect(page.getByLabel('Additional Requests').getAttribute('rows')).resolves.toBe('4');
    },
  );

  browserTest('turns non-numeric travelers into 1, and refuses fewer than 1', async ({ open }) => {
    const { page } = await open(PATH);
    await waitForHydration(page);
    await startForm(page, 'Destination');
    await travelers(page).fill('');
    await travelers(page).pressSequentially('abc');
    await page.getByLabel('Destination').focus();
    await expect(travelers(page).inputValue()).resolves.toBe('1');
    await fillValid(page);
    await travelers(page).fill('0');
    await page.getByRole('button', { name: 'Submit Plan' }).click();
    await page.getByText(/^Error: Number of travelers must be a whole number from 1 to 50\.$/).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('trip-travelers');
  });

  for (const [name, viewport] of [
    ['1280', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    browserTest(
      `submits a plan at ${name} px: busy label, success toast with the reference, form cleared`,
      async ({ open }) => {
        const { page, consoleErrors } = await open(PATH, viewport);
        await waitForHydration(page);
        await startForm(page, 'Destination');
        await fillValid(page);
        await waitLikeAPerson(page);
        await slowSubmissions(page);
        await page.getByRole('button', { name: 'Submit Plan' }).click();
        const busy = page.getByRole('button', { name: 'Submitting Plan...' });
        await busy.waitFor();
        await expect(busy.isDisabled()).resolves.toBe(true);
        await expectToast(page, 'Trip Plan Submitted!', /Your reference is TRP-[2-9A-Z]{5}\.$/);
        await expect(page.getByLabel('Destination').inputValue()).resolves.toBe('');
        await expect(travelers(page).inputValue()).resolves.toBe('1');
        expect(consoleErrors).toEqual([]);
      },
    );
  }

  browserTest('keeps the data and shows the failure toast when the server fails', async ({ open }) => {
    const { page } = await open(PATH);
    await waitForHydration(page);
    await startForm(page, 'Destination');
    await fillValid(page);
    await waitLikeAPerson(page);
    await failSubmissions(page);
    await page.getByRole('button', { name: 'Submit Plan' }).click();
    await expectToast(page, 'Submission Failed', 'Could not submit your trip plan. Please try again.');
    await expect(page.getByLabel('Destination').inputValue()).resolves.toBe('Chennai, India');
    await expect(travelers(page).inputValue()).resolves.toBe('2');
  });
});
