/**
 * A busy database (503) and the idempotency key as a visitor meets them (issues #11.4, #11.9):
 * the form shows the server's message with the failure toast and keeps the answers; the retry
 * carries the same key; the next submission after a success carries a new one.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { lagosToday } from '../../shared/lagos-date';
import { SERVICE_BUSY_MESSAGE } from '../../shared/messages/service-messages';
import { waitForHydration } from '../helpers/browser';
import { startForm, waitLikeAPerson, withFaultKey } from './forms-helpers';
import { expectToast } from '../helpers/toast';
import { browserTest } from '../helpers/browser-test';

const PATH = '/services/book-appointment';

async function fillValid(page: Page, name: string) {
  await page.getByLabel('Full Name', { exact: true }).fill(name);
  await page.getByLabel('Email Address', { exact: true }).fill('ngozi@example.com');
  await page.getByLabel('Preferred Date').fill(lagosToday());
  await page.getByLabel('Service Type').selectOption('General Check-up');
}

describe('appointment form: busy database and retries', () => {
  browserTest(
    'shows the busy message, keeps the answers, retries with the same key, and uses a new key for the next submission',
    async ({ open }) => {
      const { page } = await open(PATH);
      const keys: string[] = [];
      let busy = true;
      await page.route('**/trpc/forms.**', (route) => {
        const body = JSON.parse(route.request().postData() ?? '{}') as { idempotencyKey: string };
        keys.push(body.idempotencyKey);
        return route.continue(busy ? { postData: withFaultKey(route.request().postData(), 'busy') } : {});
      });
      await waitForHydration(page);
      await startForm(page, 'Full Name');
      await fillValid(page, 'Ngozi Eze');
      await waitLikeAPerson(page);

      await page.getByRole('button', { name: 'Request Appointment' }).click();
      await page.getByRole('alert').filter({ hasText: SERVICE_BUSY_MESSAGE }).waitFor();
      await expectToast(page, 'Request Failed', 'Could not submit your request. Please try again.');
      await expect(page.getByLabel('Full Name', { exact: true }).inputValue()).resolves.toBe('Ngozi Eze');

      busy = false;
      await page.getByRole('button', { name: 'Request Appointment' }).click();
      await expectToast(page, 'Appointment Requested!');
      await expect(page.getByLabel('Full Name', { exact: true }).inputValue()).resolves.toBe('');

      await fillValid(page, 'Ngozi Eze');
      await page.getByRole('button', { name: 'Request Appointment' }).click();
      await page.getByTestId('toast').first().waitFor();
      await expect.poll(() => keys.length).toBe(3);
      expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
      expect(keys[1]).toBe(keys[0]);
      expect(keys[2]).not.toBe(keys[0]);
      expect(keys[2]).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    },
  );
});
