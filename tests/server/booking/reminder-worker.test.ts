/**
 * The reminder worker (issue #28.5) on the project's engine: each due reminder is queued exactly once, by two workers
 * racing on one database (on PostgreSQL each with its own connection pool, as two nodes have) and by a worker stopped
 * and started again; none goes for a time already started; a moved booking's reminders move, a cancelled one's go.
 * Times are literal Lagos times; the workers' clock is given, not the machine's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookSlot } from '../../../server/booking/book-slot';
import { cancelBooking, changeableBooking, rescheduleBooking } from '../../../server/booking/change-booking';
import { sendReminder, startReminderWorker } from '../../../server/booking/reminder-worker';
import { openPostgres } from '../../../server/db/app-database';
import type { AppDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { loadEnv } from '../../../server/env';
import type { AppServices } from '../../../server/services';
import { bookSlotSchema } from '../../../shared/schemas/booking';
import { seedClinician, weekdays } from '../../helpers/booking-seed';
import { silentLogger } from '../../helpers/silent-logger';
import { createPostgresTestDb, createTestDb, testDatabaseUrl, testEngine } from '../../helpers/test-db';
import { testServices } from '../../helpers/test-services';

const at = (lagos: string) => Date.parse(`${lagos}:00+01:00`);
const BOOKED_AT = at('2026-11-30T07:00');
const env = loadEnv({ PUBLIC_ORIGIN: 'https://clinic.example' });

let db: AppDatabase;
/** A second handle on the same database: on PostgreSQL a pool of its own, as a second node has. */
let otherDb: AppDatabase;
let nodeA: AppServices;
let nodeB: AppServices;

beforeAll(async () => {
  if (testEngine === 'postgres') {
    const created = await createPostgresTestDb();
    db = created.db;
    await migrateToLatest(db);
    otherDb = openPostgres(testDatabaseUrl(), { poolSize: 4, searchPath: created.schema }).db;
  } else {
    db = await createTestDb();
    otherDb = db;
  }
  nodeA = testServices({ db, env, logger: silentLogger });
  nodeB = testServices({ db: otherDb, env, logger: silentLogger });
  await seedClinician(db, {
    name: 'Dr Amaka Obi',
    service: 'General Check-up',
    slotMinutes: 30,
    hours: weekdays('09:00', '12:00'),
  });
});
afterAll(async () => {
  if (otherDb !== db) await otherDb.destroy();
  await db.destroy();
});

const by = { kind: 'patient' as const, ip: '192.0.2.1' };
async function book(lagos: string, name: string, extra: Record<string, unknown> = {}) {
  const result = await bookSlot(
    nodeA,
    by,
    bookSlotSchema.parse({
      service: 'General Check-up',
      slot: String(at(lagos)),
      fullName: name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
      phone: '',
      fillMs: 5000,
      ...extra,
    }),
    BOOKED_AT,
  );
  if (!result.booked) throw new Error('not booked');
  const row = await db
    .selectFrom('bookings')
    .innerJoin('requests', 'requests.id', 'bookings.request_id')
    .select(['bookings.id', 'requests.id as request_id'])
    .where('requests.reference', '=', result.reference)
    .executeTakeFirstOrThrow();
  return { ...result, bookingId: row.id, requestId: row.request_id };
}

/** The reminders queued for a request, as texts and as e-mails (the fallback when there is no text consent). */
async function remindersOf(requestId: number) {
  const texts = await db
    .selectFrom('outbound_messages')
    .select(['channel', 'text_body'])
    .where('request_id', '=', requestId)
    .where('template', '=', 'appointment_reminder')
    .execute();
  return texts;
}
const reminderMailsTo = (address: string) =>
  db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', address)
    .where('kind', '=', 'message_appointment_reminder')
    .execute();
const statusesOf = async (bookingId: number) =>
  (
    await db
      .selectFrom('booking_reminders')
      .select(['kind', 'status'])
      .where('booking_id', '=', bookingId)
      .orderBy('id')
      .execute()
  ).map((row) => `${row.kind} ${row.status}`);

const workerOf = (services: AppServices, clock: { now: number }) =>
  startReminderWorker({
    db: services.db,
    logger: silentLogger,
    booking: services.booking,
    messaging: services.messaging,
    mail: services.mail,
    pollMs: 60_000,
    now: () => clock.now,
  });

describe('the reminder worker', () => {
  it('sends each due reminder once when two workers on two nodes race for them', async () => {
    const ada = await book('2026-12-01T10:00', 'Ada Eze', { phone: '0803 123 4567', smsConsent: true });
    const bayo = await book('2026-12-01T10:30', 'Bayo Lawal');
    expect(await statusesOf(ada.bookingId)).toEqual(['24h pending', '2h pending']);

    const clock = { now: at('2026-11-30T10:30') };
    // Each reminder claimed by both nodes at once, then both workers' loops at once.
    const ids = (
      await db.selectFrom('booking_reminders').select('id').where('status', '=', 'pending').orderBy('id').execute()
    ).map((row) => row.id);
    const outcomes = await Promise.all(
      ids.flatMap((id) => [
        sendReminder({ booking: nodeA.booking, messaging: nodeA.messaging }, id, clock.now),
        sendReminder({ booking: nodeB.booking, messaging: nodeB.messaging }, id, clock.now),
      ]),
    );
    // Only the two 24 h reminders were due at 10:30 on the 30th; sendReminder does not look at due_at itself.
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(ids.length);
    expect(outcomes.filter((outcome) => outcome === 'claimed-elsewhere')).toHaveLength(ids.length);

    const a = workerOf(nodeA, clock);
    const b = workerOf(nodeB, clock);
    await Promise.all([a.runOnce(), b.runOnce()]);
    await Promise.all([a.stop(), b.stop()]);

    const adaTexts = await remindersOf(ada.requestId);
    expect(adaTexts.map((text) => text.channel)).toEqual(['sms', 'sms']);
    expect(adaTexts[0]!.text_body).toContain('reminder, your appointment');
    expect(adaTexts[0]!.text_body).toContain('Tue 1 Dec, 10:00');
    expect(await reminderMailsTo('bayo@example.com')).toHaveLength(2);
    expect(await statusesOf(bayo.bookingId)).toEqual(['24h sent', '2h sent']);
  });

  it('sends what is due when the workers run, once, across a stop and a start', async () => {
    const chika = await book('2026-12-02T11:00', 'Chika Obi');
    const clock = { now: at('2026-12-01T11:00') };
    // A worker runs what is due when it starts, and again on runOnce: both nodes' workers, at once.
    await Promise.all(
      [workerOf(nodeA, clock), workerOf(nodeB, clock)].map(async (worker) => {
        await worker.runOnce();
        await worker.stop();
      }),
    );
    expect(await statusesOf(chika.bookingId)).toEqual(['24h sent', '2h pending']);
    expect(await reminderMailsTo('chika@example.com')).toHaveLength(1);

    // Stopped and started again: the 24 h reminder is not sent again; the 2 h one goes when due, once.
    const restarted = workerOf(nodeA, clock);
    await restarted.runOnce();
    expect(await reminderMailsTo('chika@example.com')).toHaveLength(1);
    clock.now = at('2026-12-02T09:00');
    await restarted.runOnce();
    await restarted.stop();
    const again = workerOf(nodeB, clock);
    await again.runOnce();
    await again.stop();
    expect(await reminderMailsTo('chika@example.com')).toHaveLength(2);
    expect(await statusesOf(chika.bookingId)).toEqual(['24h sent', '2h sent']);
  });

  it('sends no reminder for a time that has started: a late worker marks it skipped', async () => {
    const dapo = await book('2026-12-03T09:00', 'Dapo Ade');
    const worker = workerOf(nodeA, { now: at('2026-12-03T09:00') });
    await worker.runOnce();
    await worker.stop();
    expect(await statusesOf(dapo.bookingId)).toEqual(['24h skipped', '2h skipped']);
    expect(await reminderMailsTo('dapo@example.com')).toHaveLength(0);
  });

  it("moves a moved booking's reminders and drops a cancelled one's", async () => {
    const efe = await book('2026-12-04T09:00', 'Efe Okon');
    const funmi = await book('2026-12-04T10:00', 'Funmi Ola');
    const now = at('2026-11-30T08:00');
    const efeBooking = await changeableBooking(nodeA, efe.bookingId, { staff: true }, now);
    expect(await rescheduleBooking(nodeA, by, efeBooking, at('2026-12-04T11:30'), now)).toMatchObject({ moved: true });
    await cancelBooking(nodeA, by, await changeableBooking(nodeA, funmi.bookingId, { staff: true }, now), 'test', now);
    expect(await statusesOf(efe.bookingId)).toEqual(['24h cancelled', '2h cancelled', '24h pending', '2h pending']);
    expect(await statusesOf(funmi.bookingId)).toEqual(['24h cancelled', '2h cancelled']);

    // At 09:30 on the 4th: the old time's reminders never go; the new 24 h one went, the 2 h one (09:30) is due.
    const worker = workerOf(nodeA, { now: at('2026-12-04T09:30') });
    await worker.runOnce();
    await worker.stop();
    const sent = await reminderMailsTo('efe@example.com');
    expect(sent.map((mail) => /Fri 4 Dec, \d\d:\d\d/.exec(mail.text_body)?.[0])).toEqual([
      'Fri 4 Dec, 11:30',
      'Fri 4 Dec, 11:30',
    ]);
    expect(await reminderMailsTo('funmi@example.com')).toHaveLength(0);
  });
});
