/**
 * A booking's link pages in the browser (issue #28.4, #28.6), on a server of their own (its own clinician and
 * bookings): move with JavaScript off and on (and a time taken meanwhile), cancel with JavaScript off, take an earlier
 * time, and a used link. Each page is never stored, passes no referrer, asks not to be indexed and passes axe.
 * The link tokens are set by the test (their hashes written to the booking), as the e-mails are not read here.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { bookSlot } from '../../server/booking/book-slot';
import { cancelBooking, changeableBooking } from '../../server/booking/change-booking';
import { loadServiceTimes } from '../../server/booking/free-times';
import { hashManageToken, newManageToken } from '../../server/booking/manage-token';
import { loadEnv } from '../../server/env';
import type { AppServices } from '../../server/services';
import { LINK_USED_MESSAGE, OFFER_GONE_MESSAGE, SLOT_TAKEN_MESSAGE } from '../../shared/messages/booking-messages';
import { bookSlotSchema } from '../../shared/schemas/booking';
import { DESKTOP, axeViolations, waitForHydration } from '../helpers/browser';
import { browserTest } from '../helpers/browser-test';
import { servedCopyChecker } from './forms-helpers';
import { seedClinician } from '../helpers/booking-seed';
import { silentLogger } from '../helpers/silent-logger';
import { startSiteServer } from '../helpers/site-server';
import { testServices } from '../helpers/test-services';

const SERVICE = 'General Check-up';
let site: Awaited<ReturnType<typeof startSiteServer>>;
let services: AppServices;
/** The free times when the file starts, earliest first; each test takes its own. */
let free: number[] = [];

beforeAll(async () => {
  site = await startSiteServer({ RATE_LIMIT_FORMS_PER_MINUTE: '10000' });
  services = testServices({ db: site.db, env: loadEnv({ NODE_ENV: 'test' }), logger: silentLogger });
  await seedClinician(site.db, {
    name: 'Dr Amaka Obi',
    service: SERVICE,
    slotMinutes: 30,
    hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '06:00', end: '22:00' })),
  });
  free = (await loadServiceTimes(services, SERVICE)).slots.map((slot) => slot.startsAt);
});
afterAll(() => site?.close());

let people = 0;
/** Books `startsAt` for a new patient and gives the booking a link token the test knows. */
async function booked(startsAt: number, extra: Record<string, unknown> = {}) {
  const name = `Patient ${String.fromCharCode(65 + people++)}`;
  const result = await bookSlot(
    services,
    { kind: 'patient', ip: '192.0.2.1' },
    bookSlotSchema.parse({
      service: SERVICE,
      slot: String(startsAt),
      fullName: name,
      email: `links-${people}@example.com`,
      phone: '',
      fillMs: 5000,
      ...extra,
    }),
  );
  if (!result.booked) throw new Error('not booked');
  const row = await site.db
    .selectFrom('bookings')
    .innerJoin('requests', 'requests.id', 'bookings.request_id')
    .select('bookings.id')
    .where('requests.reference', '=', result.reference)
    .executeTakeFirstOrThrow();
  const token = newManageToken();
  await site.db.updateTable('bookings').set({ manage_token_hash: token.hash }).where('id', '=', row.id).execute();
  return { id: row.id, reference: result.reference, token: token.token };
}
const bookingRow = (id: number) =>
  site.db.selectFrom('bookings').select(['starts_at', 'status']).where('id', '=', id).executeTakeFirstOrThrow();

async function contextOf(
  contexts: BrowserContext[],
  browser: { newContext: (o: object) => Promise<BrowserContext> },
  javaScriptEnabled: boolean,
) {
  const context = await browser.newContext({ ...DESKTOP, baseURL: site.baseUrl, javaScriptEnabled });
  contexts.push(context);
  return context;
}

/** Opens a link page; its answer must be never stored, pass no referrer, and ask not to be indexed. */
async function openLink(page: Page, path: string, status: number) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(status);
  expect(response?.headers()['cache-control']).toBe('no-store');
  expect(response?.headers()['referrer-policy']).toBe('same-origin');
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
}

const slotRadio = (page: Page, startsAt: number) => page.locator(`input[name="slot"][value="${startsAt}"]`);

browserTest(
  'moves with JavaScript off; a time taken meanwhile gives the nearest; the used link then says so',
  async ({ browser, contexts, newContext }) => {
    const [mine, wanted, takenByOther] = [free[0]!, free[4]!, free[2]!];
    const booking = await booked(mine);
    const page = await (await contextOf(contexts, browser, false)).newPage();
    const axeOfCopy = await servedCopyChecker(newContext, page);
    const link = `/appointments/reschedule?token=${booking.token}`;
    await openLink(page, link, 200);
    await page.getByRole('heading', { name: 'Move your appointment', level: 1 }).waitFor();
    expect(await page.getByText('Dr Amaka Obi').count()).toBe(1);
    expect(await slotRadio(page, mine).count()).toBe(0);
    expect(await axeOfCopy()).toEqual([]);

    // No time chosen: the page says to choose one.
    await page.getByRole('button', { name: 'Move my appointment' }).click();
    await page.getByText('Choose a time from the list.').first().waitFor();

    // Someone else books the chosen time between the page and the post.
    await slotRadio(page, takenByOther).check();
    await booked(takenByOther);
    await page.getByRole('button', { name: 'Move my appointment' }).click();
    await page.getByText(SLOT_TAKEN_MESSAGE).waitFor();
    expect(await page.locator('input[name="slot"]').count()).toBe(3);
    expect(await axeOfCopy()).toEqual([]);
    expect(Number((await bookingRow(booking.id)).starts_at)).toBe(mine);

    await slotRadio(page, wanted).check();
    await page.getByRole('button', { name: 'Move my appointment' }).click();
    await page.waitForURL(/[?&]done=APT-/);
    await page.getByRole('heading', { name: 'Your appointment has moved' }).waitFor();
    await page.getByText('The links in earlier e-mails no longer work').waitFor();
    expect(page.url()).not.toContain(booking.token);
    expect(await axeOfCopy()).toEqual([]);
    expect(Number((await bookingRow(booking.id)).starts_at)).toBe(wanted);

    // The old link: used, 404, how to call.
    await openLink(page, link, 404);
    await page.getByText(LINK_USED_MESSAGE).waitFor();
    await page.getByRole('link', { name: /^\+234/ }).waitFor();
    expect(await axeOfCopy()).toEqual([]);
  },
);

browserTest('moves with JavaScript on, through the same procedure', async ({ browser, contexts }) => {
  const [mine, wanted] = [free[8]!, free[10]!];
  const booking = await booked(mine);
  const page = await (await contextOf(contexts, browser, true)).newPage();
  await openLink(page, `/appointments/reschedule?token=${booking.token}`, 200);
  await waitForHydration(page);
  await slotRadio(page, wanted).check();
  await page.getByRole('button', { name: 'Move my appointment' }).click();
  await page.waitForURL(/[?&]done=APT-/);
  await page.getByRole('heading', { name: 'Your appointment has moved' }).waitFor();
  expect(Number((await bookingRow(booking.id)).starts_at)).toBe(wanted);
  expect(await axeViolations(page)).toEqual([]);
});

browserTest('cancels with JavaScript off, asking nothing else', async ({ browser, contexts, newContext }) => {
  const booking = await booked(free[12]!);
  const page = await (await contextOf(contexts, browser, false)).newPage();
  const axeOfCopy = await servedCopyChecker(newContext, page);
  const link = `/appointments/cancel?token=${booking.token}`;
  await openLink(page, link, 200);
  await page.getByRole('heading', { name: 'Cancel your appointment', level: 1 }).waitFor();
  expect(await page.locator('form input:not([type="hidden"])').count()).toBe(0);
  expect(await axeOfCopy()).toEqual([]);
  await page.getByRole('button', { name: 'Cancel my appointment' }).click();
  await page.waitForURL(/[?&]done=APT-/);
  await page.getByRole('heading', { name: 'Your appointment is cancelled' }).waitFor();
  await page.getByRole('link', { name: 'book an appointment' }).waitFor();
  expect(await axeOfCopy()).toEqual([]);
  expect((await bookingRow(booking.id)).status).toBe('cancelled');
  await openLink(page, link, 404);
  await page.getByText(LINK_USED_MESSAGE).waitFor();
});

browserTest(
  'takes an earlier time offered from the waitlist; a second offer of it is then gone',
  async ({ browser, contexts }) => {
    const [freed, first, second] = [free[14]!, free[20]!, free[22]!];
    const leaving = await booked(freed);
    const waiting = await booked(first, { wantsEarlier: true });
    const alsoWaiting = await booked(second, { wantsEarlier: true });
    await cancelBooking(
      services,
      { kind: 'patient', ip: '192.0.2.1' },
      await changeableBooking(services, leaving.id, { staff: true }),
      'test',
    );
    // The offers' tokens, known to the test.
    const tokens = new Map<number, string>();
    for (const bookingId of [waiting.id, alsoWaiting.id]) {
      const token = newManageToken();
      await site.db
        .updateTable('waitlist_offers')
        .set({ token_hash: token.hash })
        .where('booking_id', '=', bookingId)
        .where('starts_at', '=', freed)
        .execute();
      tokens.set(bookingId, token.token);
    }
    expect(hashManageToken(tokens.get(waiting.id)!)).not.toBe(hashManageToken(tokens.get(alsoWaiting.id)!));

    const page = await (await contextOf(contexts, browser, true)).newPage();
    await openLink(page, `/appointments/earlier?token=${tokens.get(waiting.id)}`, 200);
    await page.getByRole('heading', { name: 'An earlier time is free', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Earlier time offered' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Take the earlier time' }).click();
    await page.waitForURL(/[?&]done=APT-/);
    await page.getByRole('heading', { name: 'You have the earlier time' }).waitFor();
    expect(Number((await bookingRow(waiting.id)).starts_at)).toBe(freed);
    expect(await axeViolations(page)).toEqual([]);

    await openLink(page, `/appointments/earlier?token=${tokens.get(alsoWaiting.id)}`, 409);
    await page.getByText(OFFER_GONE_MESSAGE).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(Number((await bookingRow(alsoWaiting.id)).starts_at)).toBe(second);
  },
);
