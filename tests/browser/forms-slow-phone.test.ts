/**
 * The slow-phone test (issue #15): on an emulated cheap phone (CPU 6× slower, 400 ms latency, 400 kbps) a visitor
 * presses submit 0, 0.5, 1, 1.5 and 2 s after the page's load event, twice each, while the scripts may still be
 * arriving. Every submit must reach the server exactly once: by the plain post or by the enhanced form, never both,
 * never neither. The tries run one per CPU at a time (a throttled page keeps a CPU busy: docs/decisions/0055).
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect } from 'vitest';
import { MOBILE } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { openServerDatabase } from '../helpers/server-db';
import { ARRIVAL_TIMEOUT_MS, SLOW_PHONES_AT_ONCE, onSlowPhones, openOnSlowPhone } from '../helpers/slow-phone';
import { PASSWORD, confirmedAccount } from './auth-helpers';
import { storedForms, storedRows } from './forms-helpers';
import { uniqueEmail } from '../helpers/unique-email';
import { waitFor } from '../helpers/wait-for';

const SUBMIT_DELAYS_MS = [0, 500, 1000, 1500, 2000, 0, 500, 1000, 1500, 2000];

async function sessionsOf(email: string) {
  const db = openServerDatabase();
  try {
    const row = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  } finally {
    await db.destroy();
  }
}

/** Counts the page's POSTs that have no answer yet, and those the page dropped (failed or aborted, fate unknown). */
function postsOf(page: Page) {
  const open = new Set<Request>();
  let dropped = 0;
  page.on('request', (request) => void (request.method() === 'POST' && open.add(request)));
  page.on('requestfinished', (request) => void open.delete(request));
  page.on('requestfailed', (request) => {
    if (open.delete(request)) dropped += 1;
  });
  return { unanswered: () => open.size, dropped: () => dropped };
}

describe('submits pressed while a slow phone loads the page', () => {
  browserTest(
    '/login: 10 of 10 log-ins arrive exactly once',
    async ({ newContext }) => {
      // One account per side-by-side try, so that each counts its own sessions.
      const emails: string[] = [];
      for (let lane = 0; lane < SLOW_PHONES_AT_ONCE; lane++)
        emails.push((await confirmedAccount('Kemi Slowphone', uniqueEmail('kemi'))).email);
      const arrived = await onSlowPhones(SUBMIT_DELAYS_MS, async (delay, lane) => {
        const email = emails[lane]!;
        const before = await sessionsOf(email);
        const page = await openOnSlowPhone(await newContext(MOBILE), '/login');
        await page.waitForTimeout(delay);
        await page.getByLabel('Email Address', { exact: true }).fill(email);
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: 'Log In', exact: true }).click();
        await page.waitForURL('**/dashboard', { timeout: ARRIVAL_TIMEOUT_MS });
        await page.getByRole('heading', { level: 1, name: 'Welcome, Kemi Slowphone' }).waitFor();
        const sessions = (await sessionsOf(email)) - before;
        await page.context().close();
        return sessions;
      });
      expect(arrived).toEqual(SUBMIT_DELAYS_MS.map(() => 1));
    },
    15 * ARRIVAL_TIMEOUT_MS,
  );

  const appointment = storedForms.find((form) => form.table === 'appointments')!;
  browserTest(
    '/services/book-appointment: 10 of 10 requests stored exactly once',
    async ({ newContext }) => {
      const stored = await onSlowPhones(SUBMIT_DELAYS_MS, async (delay) => {
        const email = uniqueEmail('slowphone');
        const page = await openOnSlowPhone(await newContext(MOBILE), appointment.path);
        const posts = postsOf(page);
        await page.waitForTimeout(delay);
        await appointment.fill(page, email);
        await page.getByRole('button', { name: appointment.submit }).click();
        // With the scripts in place a toast says so; before them, the page it was redirected to.
        await page
          .getByText(appointment.success)
          .first()
          .waitFor({ timeout: ARRIVAL_TIMEOUT_MS })
          .catch(async (error: unknown) => {
            const shown = await page.locator('[role=alert], [role=status], [data-testid=toast]').allInnerTexts();
            throw new Error(`submit ${delay} ms after load: ${shown.join(' | ')} (${page.url()})`, { cause: error });
          });
        // A second copy (plain post and enhanced send both) is stored before its answer comes back: wait for the
        // answer to every post the page sent, not a fixed time.
        await waitFor(() => posts.unanswered() === 0, ARRIVAL_TIMEOUT_MS, `the answers to the page's posts`);
        // A post the page itself dropped (a navigation aborts a fetch) may still reach the server with no answer to
        // see: only then is a short "nothing more arrives" window left, after the stored row proves the first copy.
        if (posts.dropped() > 0) await page.waitForTimeout(1500);
        const rows = (await storedRows(appointment.table, email)).length;
        await page.context().close();
        return rows;
      });
      expect(stored).toEqual(SUBMIT_DELAYS_MS.map(() => 1));
    },
    15 * ARRIVAL_TIMEOUT_MS,
  );
});
