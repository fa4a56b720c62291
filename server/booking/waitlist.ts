/**
 * 'Tell me if an earlier time frees up' (issue #28.6). When a booked time is freed, every waitlisted booking of the
 * same service that is later than it is offered the time, oldest waitlisting first, each with a single-use link. The
 * first to accept moves into it (the cells' primary key decides, as for any booking); the others are told it has gone.
 */
import type { Transaction } from 'kysely';
import { BOOKING_LEAD_MINUTES, lagosWallClockOf } from '../../shared/booking/free-slots';
import { formatLagosDateTime } from '../../shared/lagos-date';
import type { BookingRow } from '../data/bookings';
import { mailOutbox } from '../data/mail-outbox';
import type { Database } from '../db/schema';
import { renderMail } from '../mail/mail-templates';
import type { BookingDeps } from './book-slot';
import { newManageToken } from './manage-token';

type Trx = Transaction<Database>;

/** How many waitlisted patients one freed time is offered to at most. */
export const WAITLIST_OFFER_LIMIT = 20;

/**
 * Offers the time `booking` held before it moved or was cancelled. Nothing is offered for a time too close to come
 * to, nor to a booking that is already earlier.
 */
export async function offerFreedTime(
  trx: Trx,
  deps: Pick<BookingDeps, 'booking'>,
  freed: { booking: BookingRow; freedStartsAt: number },
  now = Date.now(),
): Promise<number> {
  const { booking, freedStartsAt } = freed;
  if (freedStartsAt < now + BOOKING_LEAD_MINUTES * 60_000) return 0;
  const waiting = await trx
    .selectFrom('bookings')
    .innerJoin('requests', 'requests.id', 'bookings.request_id')
    .select(['bookings.id', 'requests.full_name', 'requests.email', 'requests.reference'])
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
    const when = formatLagosDateTime(lagosWallClockOf(freedStartsAt));
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
  }
  return waiting.length;
}
