/**
 * 'Tell me if an earlier time frees up' (issue #28.6). When a booked time is freed, every waitlisted booking of the
 * same service that is later than it is offered the time, oldest waitlisting first, each with a single-use link, by
 * e-mail and by text (with consent). The first to accept moves into it (the cells' primary key decides, as for any
 * booking); the others are told it has gone.
 */
import type { Selectable, Transaction } from 'kysely';
import { BOOKING_LEAD_MINUTES, lagosWallClockOf } from '../../shared/booking/free-slots';
import { formatLagosDateTime } from '../../shared/lagos-date';
import type { BookingRow } from '../data/bookings';
import { mailOutbox } from '../data/mail-outbox';
import type { AppDatabase } from '../db/database';
import type { Database, WaitlistOffersTable } from '../db/schema';
import { renderMail } from '../mail/mail-templates';
import type { BookingDeps } from './book-slot';
import { hashManageToken, newManageToken } from './manage-token';

type Trx = Transaction<Database>;
type Db = AppDatabase | Trx;

/** How many waitlisted patients one freed time is offered to at most. */
export const WAITLIST_OFFER_LIMIT = 20;

/** A text never names the service (a shared phone is not private): it is an appointment. */
const NOUN = 'appointment';

/**
 * Offers the time `booking` held before it moved or was cancelled. Nothing is offered for a time too close to come
 * to, nor to a booking that is already earlier.
 */
export async function offerFreedTime(
  trx: Trx,
  deps: Pick<BookingDeps, 'booking' | 'messaging'>,
  freed: { booking: BookingRow; freedStartsAt: number },
  now = Date.now(),
): Promise<number> {
  const { booking, freedStartsAt } = freed;
  if (freedStartsAt < now + BOOKING_LEAD_MINUTES * 60_000) return 0;
  const waiting = await trx
    .selectFrom('bookings')
    .innerJoin('requests', 'requests.id', 'bookings.request_id')
    .select([
      'bookings.id',
      'bookings.request_id',
      'requests.full_name',
      'requests.email',
      'requests.phone_e164',
      'requests.reference',
    ])
    .where('bookings.service', '=', booking.service)
    .where('bookings.wants_earlier', '=', 1)
    .where('bookings.status', '=', 'booked')
    .where('bookings.starts_at', '>', freedStartsAt)
    .where('bookings.id', '!=', booking.id)
    .where('requests.anonymised_at', 'is', null)
    .orderBy('bookings.created_at')
    .orderBy('bookings.id')
    .limit(WAITLIST_OFFER_LIMIT)
    .execute();
  const stamp = new Date(now).toISOString();
  const wallClock = lagosWallClockOf(freedStartsAt);
  const when = formatLagosDateTime(wallClock);
  for (const patient of waiting) {
    const token = newManageToken();
    await trx
      .insertInto('waitlist_offers')
      .values({
        booking_id: patient.id,
        clinician_id: booking.clinician_id,
        starts_at: freedStartsAt,
        token_hash: token.hash,
        created_at: stamp,
      })
      .execute();
    await mailOutbox.insert(trx, {
      to: patient.email,
      kind: 'waitlist_offer',
      subject: `An earlier time is free (${patient.reference})`,
      ...renderMail({
        greetingName: patient.full_name,
        intro: [
          `You asked us to tell you if an earlier time frees up for your appointment ${patient.reference}.`,
          `${booking.service} on ${when} is now free. The first person to take it gets it.`,
        ],
        action: { label: 'Take the earlier time', link: deps.booking.offerLink(token.token) },
        after: ['If you do nothing, your appointment stays as it is.'],
      }),
    });
    // The e-mail went already: the text's fallback stops at the phone channels.
    await deps.messaging.queue(
      trx,
      {
        template: 'waitlist_offer',
        params: {
          reference: patient.reference,
          link: deps.messaging.link(offerPath(token.token)),
          noun: NOUN,
          when: wallClock,
        },
        phoneE164: patient.phone_e164,
        fallbackEmail: null,
        name: patient.full_name,
        requestId: patient.request_id,
      },
      now,
    );
  }
  return waiting.length;
}

const offerPath = (token: string) => `/appointments/earlier?token=${token}`;

export type WaitlistOffer = Selectable<WaitlistOffersTable>;

/** The offer a link names, by its token's hash; undefined when no offer has it. */
export const offerByToken = (db: Db, token: string) =>
  db.selectFrom('waitlist_offers').selectAll().where('token_hash', '=', hashManageToken(token)).executeTakeFirst();

/**
 * The offer was taken (`takenId`), or its time went to someone else (`takenId` null): every offer of that time still
 * open is now gone, and those patients are told by e-mail and text. Compare-and-set on 'open', so each is told once.
 * Resolves with how many were told.
 */
export async function closeOffersOf(
  trx: Trx,
  deps: Pick<BookingDeps, 'messaging'>,
  time: { clinicianId: number; startsAt: number; service: string },
  takenId: number | null,
  now = Date.now(),
): Promise<number> {
  const stamp = new Date(now).toISOString();
  if (takenId !== null)
    await trx
      .updateTable('waitlist_offers')
      .set({ status: 'taken', answered_at: stamp })
      .where('id', '=', takenId)
      .where('status', '=', 'open')
      .execute();
  const gone = await trx
    .updateTable('waitlist_offers')
    .set({ status: 'gone', answered_at: stamp })
    .where('clinician_id', '=', time.clinicianId)
    .where('starts_at', '=', time.startsAt)
    .where('status', '=', 'open')
    .returning(['id', 'booking_id'])
    .execute();
  if (!gone.length) return 0;
  const patients = await trx
    .selectFrom('bookings')
    .innerJoin('requests', 'requests.id', 'bookings.request_id')
    .select([
      'bookings.request_id',
      'requests.full_name',
      'requests.email',
      'requests.phone_e164',
      'requests.reference',
    ])
    .where(
      'bookings.id',
      'in',
      gone.map((offer) => offer.booking_id),
    )
    .where('requests.anonymised_at', 'is', null)
    .orderBy('bookings.id')
    .execute();
  const wallClock = lagosWallClockOf(time.startsAt);
  for (const patient of patients) {
    await mailOutbox.insert(trx, {
      to: patient.email,
      kind: 'waitlist_gone',
      subject: `The earlier time has gone (${patient.reference})`,
      ...renderMail({
        greetingName: patient.full_name,
        intro: [
          `The earlier time we offered you for your appointment ${patient.reference}, ${formatLagosDateTime(wallClock)}, has been taken by someone else.`,
          'Your appointment is unchanged. We will tell you if another earlier time frees up.',
        ],
        after: [],
      }),
    });
    await deps.messaging.queue(
      trx,
      {
        template: 'waitlist_gone',
        params: { reference: patient.reference, link: deps.messaging.link(), noun: NOUN, when: wallClock },
        phoneE164: patient.phone_e164,
        fallbackEmail: null,
        name: patient.full_name,
        requestId: patient.request_id,
      },
      now,
    );
  }
  return patients.length;
}
