/**
 * A booking's link pages over HTTP (issue #28.4), on the production build: a GET reads only and is never stored,
 * passes no referrer and asks not to be indexed; a used or unknown link is a 404 that says so; the plain posts answer
 * with Post/Redirect/Get, and the page they go to has no token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookSlot } from '../../../server/booking/book-slot';
import { loadServiceTimes } from '../../../server/booking/free-times';
import { newManageToken } from '../../../server/booking/manage-token';
import { loadEnv } from '../../../server/env';
import type { AppServices } from '../../../server/services';
import { LINK_USED_MESSAGE, OFFER_GONE_MESSAGE } from '../../../shared/messages/booking-messages';
import { bookSlotSchema } from '../../../shared/schemas/booking';
import { seedClinician } from '../../helpers/booking-seed';
import { silentLogger } from '../../helpers/silent-logger';
import { startSiteServer } from '../../helpers/site-server';
import { testServices } from '../../helpers/test-services';

const SERVICE = 'General Check-up';
let site: Awaited<ReturnType<typeof startSiteServer>>;
let services: AppServices;
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
}, 60_000);
afterAll(() => site?.close());

let people = 0;
async function booked(startsAt: number, extra: Record<string, unknown> = {}) {
  people++;
  const result = await bookSlot(
    services,
    { kind: 'patient', ip: '192.0.2.1' },
    bookSlotSchema.parse({
      service: SERVICE,
      slot: String(startsAt),
      fullName: `Patient ${people}`,
      email: `pages-${people}@example.com`,
      phone: '',
      fillMs: 5000,
      ...extra,
    }),
  );
  if (!result.booked) throw new Error('not booked');
  const token = newManageToken();
  await site.db
    .updateTable('bookings')
    .set({ manage_token_hash: token.hash })
    .where('starts_at', '=', startsAt)
    .where('status', '=', 'booked')
    .execute();
  return { reference: result.reference, token: token.token };
}

const get = (path: string) => fetch(`${site.baseUrl}${path}`, { redirect: 'manual' });
const post = (path: string, fields: Record<string, string>) =>
  fetch(`${site.baseUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.baseUrl },
    body: new URLSearchParams(fields).toString(),
  });

describe('the link pages', () => {
  it('draws the reschedule page for a live link: not stored, no referrer, not indexed, the appointment shown', async () => {
    const { token, reference } = await booked(free[0]!);
    const response = await get(`/appointments/reschedule?token=${token}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain(reference);
    expect(html).toContain('Dr Amaka Obi');
    expect(html).toContain('Move my appointment');
  });

  it('answers a used or unknown link with 404 and the used-link message', async () => {
    for (const path of [
      '/appointments/cancel?token=' + 'A'.repeat(43),
      '/appointments/earlier',
      '/appointments/reschedule?token=x',
    ]) {
      const response = await get(path);
      expect([path, response.status]).toEqual([path, 404]);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toContain(LINK_USED_MESSAGE.replace(/'/g, '&#x27;'));
    }
  });

  it('cancels by a plain post: 303 to a page without the token that says so; the link is then used', async () => {
    const { token, reference } = await booked(free[2]!);
    const answer = await post(`/appointments/cancel?token=${token}`, { formName: 'appointment-cancel', token });
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location')!;
    expect(location).toBe(`/appointments/cancel?done=${reference}`);
    const done = await get(location);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(`Your appointment ${reference} is cancelled.`);
    expect((await get(`/appointments/cancel?token=${token}`)).status).toBe(404);
  });

  it('moves by a plain post to a time taken meanwhile: back to the page with the time, nothing changed', async () => {
    const { token } = await booked(free[4]!);
    await booked(free[6]!);
    const answer = await post(`/appointments/reschedule?token=${token}`, {
      formName: 'appointment-reschedule',
      token,
      slot: String(free[6]),
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`/appointments/reschedule?token=${token}&taken=${free[6]}`);
    const page = await get(answer.headers.get('location')!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Someone booked that time a moment before you.');
  });

  it('takes an earlier time by a plain post; a second offer of it then answers 409 with the offer gone', async () => {
    const leaving = await booked(free[8]!);
    await booked(free[12]!, { wantsEarlier: true });
    await booked(free[14]!, { wantsEarlier: true });
    const cancelled = await post(`/appointments/cancel?token=${leaving.token}`, {
      formName: 'appointment-cancel',
      token: leaving.token,
    });
    expect(cancelled.status).toBe(303);
    const offers = await site.db
      .selectFrom('waitlist_offers')
      .select(['id', 'booking_id'])
      .where('starts_at', '=', free[8]!)
      .orderBy('id')
      .execute();
    expect(offers).toHaveLength(2);
    const tokens: string[] = [];
    for (const offer of offers) {
      const token = newManageToken();
      await site.db.updateTable('waitlist_offers').set({ token_hash: token.hash }).where('id', '=', offer.id).execute();
      tokens.push(token.token);
    }
    const first = await get(`/appointments/earlier?token=${tokens[0]}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const taken = await post(`/appointments/earlier?token=${tokens[0]}`, {
      formName: 'appointment-earlier',
      token: tokens[0]!,
    });
    expect(taken.status).toBe(303);
    expect(taken.headers.get('location')).toMatch(
      new RegExp(`^/appointments/earlier\\?done=APT-[2-9A-Z]{5}&at=${free[8]}$`),
    );
    const moved = await site.db
      .selectFrom('bookings')
      .select('starts_at')
      .where('id', '=', offers[0]!.booking_id)
      .executeTakeFirstOrThrow();
    expect(Number(moved.starts_at)).toBe(free[8]);
    const second = await post(`/appointments/earlier?token=${tokens[1]}`, {
      formName: 'appointment-earlier',
      token: tokens[1]!,
    });
    expect(second.headers.get('location')).toBe(`/appointments/earlier?token=${tokens[1]}`);
    const gone = await get(second.headers.get('location')!);
    expect(gone.status).toBe(409);
    expect(await gone.text()).toContain(OFFER_GONE_MESSAGE);
  });
});
