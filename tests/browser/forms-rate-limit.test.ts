/**
 * The normal form limit (RATE_LIMIT_FORMS_PER_MINUTE, 10 per IP per minute on each form), on a server of this file's
 * own: the shared browser server's limit is raised so that no other file depends on what was sent before it.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { DESKTOP, waitForHydration } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { startSiteServer } from '../helpers/site-server';
import { post, validInput } from '../server/trpc/routers/forms-fixtures';
import { uniqueEmail } from '../helpers/unique-email';
import { startForm, storedForms, waitLikeAPerson } from './forms-helpers';

let site: Awaited<ReturnType<typeof startSiteServer>>;
// No override: the limit under test is the one the server starts with.
beforeAll(async () => {
  site = await startSiteServer();
});
afterAll(() => site?.close());

const appointment = storedForms.find((form) => form.table === 'appointments')!;

browserTest(
  'the 11th appointment request in a minute is refused with the wait, and not stored',
  async ({ browser, contexts, allowPageErrors }) => {
    allowPageErrors('the 429 answer to the 11th request is what this test provokes', /status of 429/);
    // The first ten from this address, as the form sends them; the browser below is the same address (127.0.0.1).
    for (let index = 0; index < 10; index++)
      expect((await post(site.baseUrl, 'submitAppointment', validInput.submitAppointment())).status).toBe(200);

    const context = await browser.newContext({ ...DESKTOP, baseURL: site.baseUrl });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(appointment.path);
    await waitForHydration(page);
    await startForm(page, 'Full Name');
    const email = uniqueEmail('ratelimit');
    await appointment.fill(page, email);
    await waitLikeAPerson(page);
    await page.getByRole('button', { name: appointment.submit }).click();
    await page
      .getByRole('alert')
      .filter({
        hasText:
          /You have sent this form too many times in a short time\. Please wait (\d+ seconds?|1 minute) and try again\./,
      })
      .waitFor();
    const stored = await site.db.selectFrom('appointments').select('email').where('email', '=', email).execute();
    expect(stored).toEqual([]);
  },
);
