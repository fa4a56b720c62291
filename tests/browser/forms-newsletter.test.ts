import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { DESKTOP, MOBILE, waitForHydration } from '../helpers/browser';
import { failSubmissions, slowSubmissions, startForm, waitLikeAPerson } from './forms-helpers';
import { expectToast } from '../helpers/toast';
import { browserTest } from '../helpers/browser-test';
import { uniqueEmail } from '../helpers/unique-email';
const PATH = '/resources';
const email = (page: Page) => page.getByLabel('Email Address', { exact: true });

describe('newsletter sign-up on /resources', () => {
  browserTest('asks for an address when it is empty', async ({ open }) => {
    const { page } = await open(PATH);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Subscribe to Our Newsletter' }).isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Error: Please enter your email address.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('newsletter-email');
  });

  for (const [name, viewport] of [
    ['1280', DESKTOP],
    ['375', MOBILE],
  ] as const) {
    browserTest(
      `subscribes at ${name} px ('Subscribing...', 'Subscribed!', input cleared), then says Already Subscribed for the same address in another case`,
      async ({ open }) => {
        const { page, consoleErrors } = await open(PATH, viewport);
        await waitForHydration(page);
        await startForm(page, 'Email Address');
        const address = uniqueEmail(`reader-${name}`);
        await email(page).fill(address);
        await waitLikeAPerson(page);
        await slowSubmissions(page);
        await page.getByRole('button', { name: 'Subscribe' }).click();
        const busy = page.getByRole('button', { name: 'Subscribing...' });
        await busy.waitFor();
        await expect(busy.isDisabled()).resolves.toBe(true);
        await expectToast(page, 'Subscribed!', 'Thank you for subscribing to our newsletter.');
        await expect(email(page).inputValue()).resolves.toBe('');
        await email(page).fill(address.toUpperCase());
        await page.getByRole('button', { name: 'Subscribe' }).click();
        await expectToast(page, 'Already Subscribed', 'This email address is already subscribed to our newsletter.');
        await expect(email(page).inputValue()).resolves.toBe(address.toUpperCase());
        // Chrome logs every 4xx response; the 409 is the expected answer to a duplicate.
        expect(consoleErrors.filter((message) => !message.includes('status of 409'))).toEqual([]);
      },
    );
  }

  browserTest('keeps the address and shows Subscription Failed when the server fails', async ({ open }) => {
    const { page } = await open(PATH);
    await waitForHydration(page);
    await startForm(page, 'Email Address');
    await email(page).fill('fails@example.com');
    await waitLikeAPerson(page);
    await failSubmissions(page);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expectToast(page, 'Subscription Failed', 'Could not subscribe. Please try again later.');
    await expect(email(page).inputValue()).resolves.toBe('fails@example.com');
  });
});
