/**
 * The booking workflow's other paths (server/booking/book-slot.ts, issue #28.2, #28.7), on the project's engine with
 * literal Lagos times on Monday 30 November 2026: staff booking for a caller (audited, a staff actor), the honeypot,
 * a virtual consultation's video room, a service nobody offers, a time never offered, text consent, the inbox event.
 * Mutation group 'booking'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookSlot } from '../../../server/booking/book-slot';
import { bookings } from '../../../server/data/bookings';
import { users } from '../../../server/data/users';
import type { AppDatabase } from '../../../server/db/database';
import { loadEnv } from '../../../server/env';
import type { AppServices } from '../../../server/services';
import type { InboxChange } from '../../../server/staff/inbox-events';
import { SERVICE_NOT_BOOKABLE_MESSAGE, SLOT_NOT_OFFERED_MESSAGE } from '../../../shared/messages/booking-messages';
import { bookSlotSchema } from '../../../shared/schemas/booking';
import { seedClinician, weekdays } from '../../helpers/booking-seed';
import { silentLogger } from '../../helpers/silent-logger';
import { createTestDb } from '../../helpers/test-db';
import { testServices } from '../../helpers/test-services';

const at = (lagos: string) => Date.parse(`${lagos}:00+01:00`);
const NOW = at('2026-11-30T07:00');

let db: AppDatabase;
let services: AppServices;
const changes: InboxChange[] = [];
beforeAll(async () => {
  db = await createTestDb();
  services = testServices({
    db,
    env: loadEnv({ PUBLIC_ORIGIN: 'https://clinic.example', VIDEO_LINK_TEMPLATE: 'https://video.example/{room}' }),
    logger: silentLogger,
  });
  services.inboxEvents.onChange((change) => changes.push(change));
  await seedClinician(db, {
    name: 'Dr Amaka Obi',
    service: 'General Check-up',
    slotMinutes: 30,
    hours: weekdays('09:00', '12:00'),
  });
  await seedClinician(db, {
    name: 'Dr Tunde Bakare',
    service: 'Virtual Consultation',
    slotMinutes: 30,
    hours: weekdays('14:00', '16:00'),
  });
});
afterAll(() => db.destroy());

const input = (service: string, lagos: string, name: string, extra: Record<string, unknown> = {}) =>
  bookSlotSchema.parse({
    service,
    slot: String(at(lagos)),
    fullName: name,
    email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
    phone: '',
    fillMs: 5000,
    ...extra,
  });
const patient = { kind: 'patient' as const, ip: '192.0.2.1' };
const requestOf = (reference: string) =>
  db.selectFrom('requests').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();

describe('booking: the other paths', () => {
  it('books for a caller as staff: a staff actor on the request, an audit row, the inbox told', async () => {
    const agent = await users.create(db, {
      email: 'desk@example.com',
      fullName: 'Ngozi Desk',
      passwordHash: 'x',
      role: 'agent',
      confirmed: true,
    });
    const result = await bookSlot(
      services,
      { kind: 'staff', userId: agent.id, ip: '192.0.2.9' },
      input('General Check-up', '2026-11-30T09:30', 'Kemi Caller'),
      NOW,
    );
    expect(result).toMatchObject({ booked: true, startsAt: at('2026-11-30T09:30') });
    const request = await requestOf((result as { reference: string }).reference);
    const events = await db
      .selectFrom('request_events')
      .select(['actor_kind', 'actor_user_id', 'to_status'])
      .where('request_id', '=', request.id)
      .where('kind', '=', 'status')
      .execute();
    expect(events).toEqual([{ actor_kind: 'staff', actor_user_id: agent.id, to_status: 'confirmed' }]);
    const audit = await db
      .selectFrom('audit_events')
      .select(['type', 'actor_user_id', 'subject'])
      .where('type', '=', 'booking.book')
      .execute();
    expect(audit).toEqual([{ type: 'booking.book', actor_user_id: agent.id, subject: `request:${request.id}` }]);
    expect((await bookings.forRequest(db, request.id))!.booked_by).toBe('staff');
    expect(changes.map((change) => [change.kind, change.row.reference])).toEqual([['new', request.reference]]);
  });

  it("books a patient's time with a patient actor and no audit row", async () => {
    const result = await bookSlot(services, patient, input('General Check-up', '2026-11-30T10:00', 'Bola Ade'), NOW);
    const request = await requestOf((result as { reference: string }).reference);
    const events = await db
      .selectFrom('request_events')
      .select(['actor_kind', 'actor_user_id'])
      .where('request_id', '=', request.id)
      .where('kind', '=', 'status')
      .execute();
    expect(events).toEqual([{ actor_kind: 'patient', actor_user_id: null }]);
    expect(await db.selectFrom('audit_events').select('id').where('type', '=', 'booking.book').execute()).toHaveLength(
      1,
    );
    const booking = (await bookings.forRequest(db, request.id))!;
    expect(booking.video_room).toBeNull();
    expect(booking.booked_by).toBe('patient');
    const [mail] = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'bola@example.com')
      .execute();
    expect(mail!.text_body).toContain('Dr Amaka Obi');
    expect(mail!.text_body).not.toContain('https://video.example/');
  });

  it('answers a filled honeypot as booked and stores nothing', async () => {
    const result = await bookSlot(
      services,
      patient,
      input('General Check-up', '2026-11-30T10:30', 'Robo Spam', { website: 'https://spam.example' }),
      NOW,
    );
    expect(result).toMatchObject({ booked: true, startsAt: at('2026-11-30T10:30') });
    expect(await db.selectFrom('requests').select('id').where('full_name', '=', 'Robo Spam').execute()).toEqual([]);
    const times = await bookings.busyFor(db, [1], at('2026-11-30T10:30'), at('2026-11-30T11:00'));
    expect(times).toEqual([]);
  });

  it('gives a virtual consultation its own video room, in the mail', async () => {
    const result = await bookSlot(
      services,
      patient,
      input('Virtual Consultation', '2026-11-30T14:00', 'Funmi Video'),
      NOW,
    );
    const request = await requestOf((result as { reference: string }).reference);
    const booking = (await bookings.forRequest(db, request.id))!;
    expect(booking.video_room).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const [mail] = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'funmi@example.com')
      .execute();
    expect(mail!.text_body).toContain(`https://video.example/${booking.video_room}`);
    expect(booking.calendar_uid).toMatch(new RegExp(`^${request.reference}-[0-9a-f-]{36}@`));
  });

  it('records the text consent of a patient who gave a phone and ticked the box', async () => {
    const result = await bookSlot(
      services,
      patient,
      input('General Check-up', '2026-11-30T11:00', 'Emeka Phone', { phone: '0803 123 4567', smsConsent: 'on' }),
      NOW,
    );
    const request = await requestOf((result as { reference: string }).reference);
    const consents = await db
      .selectFrom('message_consents')
      .select(['phone_e164', 'channel', 'action', 'source', 'request_id'])
      .execute();
    expect(consents).toEqual([
      {
        phone_e164: '+2348031234567',
        channel: 'sms',
        action: 'granted',
        source: 'booking form',
        request_id: request.id,
      },
    ]);
  });

  it('refuses a service nobody offers online, and a time never offered, as field errors on the time', async () => {
    await expect(
      bookSlot(services, patient, input('Mental Health Support', '2026-11-30T09:00', 'Ada Nobody'), NOW),
    ).rejects.toThrow(SERVICE_NOT_BOOKABLE_MESSAGE);
    type FieldError = { message: string; code: string; cause: { issues: { path: string[] }[] } };
    const error: FieldError = await bookSlot(
      services,
      patient,
      input('General Check-up', '2026-11-30T09:10', 'Ada Odd'),
      NOW,
    ).then(
      () => ({ message: 'booked', code: '', cause: { issues: [] } }),
      (caught: unknown) => caught as FieldError,
    );
    expect(error).toMatchObject({ message: SLOT_NOT_OFFERED_MESSAGE, code: 'BAD_REQUEST' });
    expect(error.cause.issues.map((issue) => issue.path)).toEqual([['slot']]);
    expect(await db.selectFrom('requests').select('id').where('full_name', 'like', 'Ada %').execute()).toEqual([]);
  });
});
