/**
 * A visitor on a slow phone types into a prerendered form before its scripts arrive, then sends as soon as it works
 * (issue #15): the form is stored (no false success from the bot timer) and comes back empty.
 */
import path from 'node:path';
import type { Route } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { MOBILE, waitForHydration } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { expectToast } from '../helpers/toast';
import { uniqueEmail } from './forms-helpers';

describe('typed before the scripts arrived', () => {
  browserTest(
    'the newsletter form stores the address sent at once after hydration, and is empty afterwards',
    async ({ newContext }) => {
      const context = await newContext(MOBILE);
      const page = await context.newPage();
      // Scripts wait until the visitor has typed.
      const held: Route[] = [];
      let holding = true;
      await page.route('**/*.js', (route) => (holding ? void held.push(route) : void route.continue()));
      await page.goto('/resources');
      const email = page.getByLabel('Email Address', { exact: true });
      const address = uniqueEmail('early');
      await email.fill(address);
      // Long enough since the page opened for a person; the form itself goes live only now.
      await page.waitForTimeout(1700);
      holding = false;
      for (const route of held.splice(0)) await route.continue();
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await expectToast(page, 'Subscribed!', 'Thank you for subscribing to our newsletter.');
      expect(await email.inputValue()).toBe('');

      const { db } = openDatabase(path.join(inject('dataDir'), 'app.db'));
      try {
        const rows = await db
          .selectFrom('newsletter_subscriptions')
          .select('email')
          .where('email', '=', address)
          .execute();
        expect(rows).toHaveLength(1);
      } finally {
        await db.destroy();
      }
    },
  );
});
