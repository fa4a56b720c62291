/**
 * The link procedures (issue #28.4, #28.6) through the app's router, as the link pages and their plain posts call
 * them: booking.manage, rescheduleByLink, cancelByLink, offer and takeOffer, on the project's engine. The clock is
 * fixed at Monday 30 November 2026, 07:00 in Lagos; times are literal Lagos times.
 */
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '../../../server/db/database';
import { loadEnv } from '../../../server/env';
import type { AppServices } from '../../../server/services';
import { createInnerContext } from '../../../server/trpc/context';
import { appRouter } from '../../../server/trpc/router';
import { createCallerFactory } from '../../../server/trpc/trpc';
import { lagosWallClockOf } from '../../../shared/booking/free-slots';
import { officeAddressLine } from '../../../shared/brand';
import {
  LINK_USED_MESSAGE,
  OFFER_GONE_MESSAGE,
  PATIENT_BOOKING_CANCEL_REASON,
  SLOT_TAKEN_MESSAGE,
} from '../../../shared/messages/booking-messages';
import { seedClinician, weekdays } from '../../helpers/booking-seed';
import { silentLogger } from '../../helpers/silent-logger';
import { createTestDb } from '../../helpers/test-db';
import { testServices } from '../../helpers/test-services';

const at = (lagos: string) => Date.parse(`${lagos}:00+01:00`);
const NOW = at('2026-11-30T07:00');
const createCaller = createCallerFactory(appRouter);

let db: AppDatabase;
let services: AppServices;
let caller: ReturnType<typeof createCaller>;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  db = await createTestDb();
  services = testServices({
    db,
    env: loadEnv({ PUBLIC_ORIGIN: 'https://clinic.example', RATE_LIMIT_FORMS_PER_MINUTE: '1000' }),
    logger: silentLogger,
  });
  caller = createCaller(createInnerContext(services));
  await seedClinician(db, {
    name: 'Dr Amaka Obi',
    service: 'General Check-up',
    slotMinutes: 30,
    hours: weekdays('09:00', '12:00'),
  });
});
afterAll(async () => {
  vi.useRealTimers();
  await db.destroy();
});

let keys = 0;
async function book(lagos: string, name: string, extra: Record<string, unknown> = {}) {
  const result = await caller.booking.book({
    service: 'General Check-up',
    slot: String(at(lagos)),
    fullName: name,
    email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
    phone: '',
    fillMs: 5000,
    idempotencyKey: `key${String(++keys).padStart(20, '0')}`,
    ...extra,
  });
  if (!result.booked) throw new Error(`not booked: ${result.message}`);
  return result;
}
const mailsTo = (address: string) =>
  db.selectFrom('mail_outbox').selectAll().where('to_address', '=', address).orderBy('id').execute();
const tokenIn = (text: string) => /token=([A-Za-z0-9_-]{43})/.exec(text)![1]!;
const latestToken = async (address: string) => tokenIn((await mailsTo(address)).at(-1)!.text_body);
const wall = (ms: number) => lagosWallClockOf(ms);

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  if (!(error instanceof TRPCError)) throw new Error('expected a refusal');
  return { code: error.code, message: error.message };
}

describe('booking.manage', () => {
  it('shows the appointment a link names and the free times it may move to, its own left out', async () => {
    const booked = await book('2026-11-30T10:00', 'Bola Ade');
    const token = await latestToken('bola@example.com');
    const view = await caller.booking.manage({ token, withTimes: true });
    expect(view.appointment).toEqual({
      reference: booked.reference,
      service: 'General Check-up',
      startsAt: at('2026-11-30T10:00'),
      endsAt: at('2026-11-30T10:30'),
      when: '2026-11-30T10:00',
      clinician: 'Dr Amaka Obi',
      videoLink: null,
      address: officeAddressLine,
    });
    expect(view.slots.slice(0, 4).map((slot) => wall(slot.startsAt))).toEqual([
      '2026-11-30T09:00',
      '2026-11-30T09:30',
      '2026-11-30T10:30',
      '2026-11-30T11:00',
    ]);
    expect((await caller.booking.manage({ token })).slots).toEqual([]);
  });

  it('refuses an unknown token with the used-link message, as NOT_FOUND', async () => {
    expect(await refusal(caller.booking.manage({ token: 'A'.repeat(43) }))).toEqual({
      code: 'NOT_FOUND',
      message: LINK_USED_MESSAGE,
    });
  });

  it('refuses a token that is not a link token with a field error', async () => {
    expect((await refusal(caller.booking.manage({ token: 'short' }))).code).toBe('BAD_REQUEST');
  });
});

describe('booking.rescheduleByLink', () => {
  it('offers the 3 nearest free times when the time was taken meanwhile, and keeps the appointment and its link', async () => {
    await book('2026-11-30T11:00', 'Chidi Eze');
    const token = await latestToken('bola@example.com');
    const result = await caller.booking.rescheduleByLink({ token, slot: String(at('2026-11-30T11:00')) });
    expect(result.moved).toBe(false);
    if (result.moved) return;
    expect(result.message).toBe(SLOT_TAKEN_MESSAGE);
    expect(result.nearest.map((slot) => wall(slot.startsAt))).toEqual([
      '2026-11-30T09:30',
      '2026-11-30T10:30',
      '2026-11-30T11:30',
    ]);
    const still = await caller.booking.manage({ token });
    expect(still.appointment.when).toBe('2026-11-30T10:00');
  });

  it('moves once: new links by e-mail, the old link dead, the reminders moved', async () => {
    const token = await latestToken('bola@example.com');
    const result = await caller.booking.rescheduleByLink({ token, slot: String(at('2026-11-30T09:30')) });
    expect(result).toMatchObject({ moved: true, startsAt: at('2026-11-30T09:30') });
    expect(await refusal(caller.booking.manage({ token }))).toEqual({ code: 'NOT_FOUND', message: LINK_USED_MESSAGE });
    expect(await refusal(caller.booking.rescheduleByLink({ token, slot: String(at('2026-11-30T10:30')) }))).toEqual({
      code: 'NOT_FOUND',
      message: LINK_USED_MESSAGE,
    });
    const fresh = await latestToken('bola@example.com');
    expect(fresh).not.toBe(token);
    expect((await caller.booking.manage({ token: fresh })).appointment.when).toBe('2026-11-30T09:30');
    const pending = await db
      .selectFrom('booking_reminders')
      .innerJoin('bookings', 'bookings.id', 'booking_reminders.booking_id')
      .select(['booking_reminders.kind', 'booking_reminders.due_at'])
      .where('booking_reminders.status', '=', 'pending')
      .where('bookings.starts_at', '=', at('2026-11-30T09:30'))
      .execute();
    expect(pending.map((row) => [row.kind, wall(Number(row.due_at))])).toEqual([['2h', '2026-11-30T07:30']]);
  });
});

describe('booking.cancelByLink', () => {
  it('cancels with the reason, frees the time, and the link then says it was used', async () => {
    const token = await latestToken('bola@example.com');
    const done = await caller.booking.cancelByLink({ token });
    expect(done.cancelled).toBe(true);
    const request = await db
      .selectFrom('requests')
      .select(['status', 'cancel_reason'])
      .where('reference', '=', done.reference)
      .executeTakeFirstOrThrow();
    expect(request).toEqual({ status: 'cancelled', cancel_reason: PATIENT_BOOKING_CANCEL_REASON });
    expect(await refusal(caller.booking.cancelByLink({ token }))).toEqual({
      code: 'NOT_FOUND',
      message: LINK_USED_MESSAGE,
    });
    const times = await caller.booking.freeSlots({ service: 'General Check-up' });
    expect(times.slots.map((slot) => wall(slot.startsAt))).toContain('2026-11-30T09:30');
  });
});

describe('the waitlist', () => {
  it('offers a freed time in waitlist order by mail and text; the first to take it gets it, the others are told', async () => {
    const femi = await book('2026-12-01T09:00', 'Femi Bello');
    void femi;
    await book('2026-12-01T11:00', 'Kemi Okafor', { wantsEarlier: true });
    await book('2026-12-01T11:30', 'Dayo Musa', {
      wantsEarlier: true,
      phone: '0803 123 4567',
      smsConsent: true,
    });
    await book('2026-12-01T10:30', 'Ebere Nwosu');
    await caller.booking.cancelByLink({ token: await latestToken('femi@example.com') });

    const offers = await db
      .selectFrom('waitlist_offers')
      .innerJoin('bookings', 'bookings.id', 'waitlist_offers.booking_id')
      .select(['waitlist_offers.starts_at', 'bookings.starts_at as current'])
      .orderBy('waitlist_offers.id')
      .execute();
    expect(offers.map((row) => [wall(Number(row.starts_at)), wall(Number(row.current))])).toEqual([
      ['2026-12-01T09:00', '2026-12-01T11:00'],
      ['2026-12-01T09:00', '2026-12-01T11:30'],
    ]);
    const texts = await db
      .selectFrom('outbound_messages')
      .select(['template', 'recipient', 'text_body', 'encoding', 'segments'])
      .where('template', '=', 'waitlist_offer')
      .execute();
    expect(texts.map((text) => [text.template, text.recipient])).toEqual([['waitlist_offer', '+2348031234567']]);
    expect(texts[0]!.text_body).toContain('/appointments/earlier?token=');
    expect(texts[0]!.text_body).not.toContain('General Check-up');
    // With its real link (a 43-character token), the offer still fits the 2-segment budget in GSM-7.
    expect([texts[0]!.encoding, texts[0]!.segments]).toEqual(['GSM-7', 2]);

    const kemiOffer = tokenIn((await mailsTo('kemi@example.com')).at(-1)!.text_body);
    const dayoOffer = tokenIn((await mailsTo('dayo@example.com')).at(-1)!.text_body);
    const shown = await caller.booking.offer({ token: dayoOffer });
    expect([shown.offered.when, shown.appointment.when]).toEqual(['2026-12-01T09:00', '2026-12-01T11:30']);

    expect(await caller.booking.takeOffer({ token: dayoOffer })).toMatchObject({
      moved: true,
      startsAt: at('2026-12-01T09:00'),
    });
    expect(await refusal(caller.booking.offer({ token: kemiOffer }))).toEqual({
      code: 'CONFLICT',
      message: OFFER_GONE_MESSAGE,
    });
    expect(await refusal(caller.booking.takeOffer({ token: kemiOffer }))).toEqual({
      code: 'CONFLICT',
      message: OFFER_GONE_MESSAGE,
    });
    expect(await refusal(caller.booking.takeOffer({ token: dayoOffer }))).toEqual({
      code: 'NOT_FOUND',
      message: LINK_USED_MESSAGE,
    });
    const statuses = await db
      .selectFrom('waitlist_offers')
      .select('status')
      .where('starts_at', '=', at('2026-12-01T09:00'))
      .orderBy('id')
      .execute();
    expect(statuses.map((row) => row.status)).toEqual(['gone', 'taken']);
    expect((await mailsTo('kemi@example.com')).filter((mail) => mail.kind === 'waitlist_gone')).toHaveLength(1);
    const kemi = await db
      .selectFrom('bookings')
      .innerJoin('requests', 'requests.id', 'bookings.request_id')
      .select('bookings.starts_at')
      .where('requests.email', '=', 'kemi@example.com')
      .executeTakeFirstOrThrow();
    expect(wall(Number(kemi.starts_at))).toBe('2026-12-01T11:00');
  });

  it('tells the accept page an offer is gone when a normal booking took its time', async () => {
    await book('2026-12-02T09:00', 'Gbenga Ola');
    await book('2026-12-02T11:00', 'Hauwa Sani', { wantsEarlier: true });
    await caller.booking.cancelByLink({ token: await latestToken('gbenga@example.com') });
    const offer = tokenIn((await mailsTo('hauwa@example.com')).at(-1)!.text_body);
    await book('2026-12-02T09:00', 'Ife Ade');
    expect(await refusal(caller.booking.offer({ token: offer }))).toEqual({
      code: 'CONFLICT',
      message: OFFER_GONE_MESSAGE,
    });
    expect(await refusal(caller.booking.takeOffer({ token: offer }))).toEqual({
      code: 'CONFLICT',
      message: OFFER_GONE_MESSAGE,
    });
    const row = await db
      .selectFrom('waitlist_offers')
      .select('status')
      .where('starts_at', '=', at('2026-12-02T09:00'))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('gone');
  });
});

describe('the link procedures rate limit', () => {
  it('refuses the 4th guess in a minute from one IP with TOO_MANY_REQUESTS', async () => {
    const limited = createCaller(
      createInnerContext(
        testServices({
          db,
          env: loadEnv({ PUBLIC_ORIGIN: 'https://clinic.example', RATE_LIMIT_FORMS_PER_MINUTE: '3' }),
          logger: silentLogger,
        }),
        { clientIp: '203.0.113.9' },
      ),
    );
    const codes: string[] = [];
    for (const letter of ['A', 'B', 'C', 'D'])
      codes.push((await refusal(limited.booking.manage({ token: letter.repeat(43) }))).code);
    expect(codes).toEqual(['NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'TOO_MANY_REQUESTS']);
  });
});
