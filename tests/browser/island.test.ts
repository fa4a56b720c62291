/**
 * The Island wrapper (ADR 0025) on the newsletter form: a submit pressed after hydration but before the form's code
 * arrived is sent exactly once (no native post beside it, no second send after the reset), and a code load that fails
 * with a submit pending shows the form's failure toast and sends nothing.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import { waitForHydration } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { expectToast } from '../helpers/toast';
import { waitLikeAPerson } from './forms-helpers';
import { uniqueEmail } from '../helpers/unique-email';

// The stored forms' live code (client/features/forms/stored-form.tsx), not its check chunk.
const LIVE_FORM_CODE = /\/stored-form-(?!check-)[\w-]+\.js$/;

/** Counts the enhanced sends (tRPC) and the native posts (a document POST) the page makes. */
function countSends(page: Page) {
  const sent = { enhanced: 0, native: 0 };
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    if (request.url().includes('/trpc/forms.subscribeNewsletter')) sent.enhanced += 1;
    else if (request.resourceType() === 'document') sent.native += 1;
  });
  return sent;
}

describe('Island: a submit that comes before the code', () => {
  browserTest('is held and sent once when the code arrives; the form is empty afterwards', async ({ open }) => {
    const { page, consoleErrors } = await open('/resources');
    const held: Route[] = [];
    let holding = true;
    await page.route(LIVE_FORM_CODE, (route) => (holding ? void held.push(route) : void route.continue()));
    const sent = countSends(page);
    await waitForHydration(page);
    const email = page.getByLabel('Email Address', { exact: true });
    await email.fill(uniqueEmail('island'));
    await waitLikeAPerson(page);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForTimeout(300);
    expect(await page.locator('[data-island="newsletter"][data-live]').count()).toBe(0);
    expect(sent).toEqual({ enhanced: 0, native: 0 });

    holding = false;
    for (const route of held.splice(0)) await route.continue();
    await expectToast(page, 'Subscribed!', 'Thank you for subscribing to our newsletter.');
    expect(await email.inputValue()).toBe('');
    // The reset after the send re-renders the live form: nothing is replayed a second time.
    await page.waitForTimeout(500);
    expect(sent).toEqual({ enhanced: 1, native: 0 });
    expect(await page.getByRole('alert').filter({ hasText: 'There is a problem' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  browserTest('shows the failure toast when the code cannot load, and sends nothing', async ({ open }) => {
    const { page } = await open('/resources');
    await page.route(LIVE_FORM_CODE, (route) => route.abort());
    const sent = countSends(page);
    await waitForHydration(page);
    await page.getByLabel('Email Address', { exact: true }).fill(uniqueEmail('offline'));
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expectToast(page, 'Subscription Failed', 'Could not subscribe. Please try again later.');
    expect(sent).toEqual({ enhanced: 0, native: 0 });
  });
});
