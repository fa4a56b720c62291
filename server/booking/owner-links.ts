/**
 * A signed-in patient's own appointments (issue #28.7): the upcoming ones on the dashboard, and fresh reschedule and
 * cancel links for one of them. A booking is the patient's when its request was sent with the account's confirmed
 * address (ignoring case) and is not anonymised: the same rule as 'My requests'. Someone else's booking, or an id that
 * does not exist, answers the same: not found, so ids cannot be probed.
 */
import type { Transaction } from 'kysely';
import { officeAddressLine } from '../../shared/brand';
import type { AppDatabase } from '../db/database';
import { textEqualsIgnoreCase } from '../db/dialect';
import type { Database } from '../db/schema';
import type { BookingService } from './booking-service';
import { newManageToken } from './manage-token';

type Db = AppDatabase | Transaction<Database>;

export type OwnerLinkDeps = { db: AppDatabase; booking: BookingService };

/** An upcoming appointment as the dashboard shows it. */
export type UpcomingAppointment = {
  id: number;
  reference: string;
  service: string;
  startsAt: number;
  endsAt: number;
  clinician: string;
  /** A virtual consultation's video link; null for a visit to the office. */
  videoLink: string | null;
  /** The office's address for a visit; null for a virtual consultation. */
  address: string | null;
};

const ownBookings = (db: Db, email: string) =>
  db
    .selectFrom('bookings')
    .innerJoin('requests', 'requests.id', 'bookings.request_id')
    .where(textEqualsIgnoreCase(db, 'requests.email', email.trim()))
    .where('requests.anonymised_at', 'is', null);

/** The patient's booked appointments that have not started yet, soonest first. */
export async function upcomingAppointments(
  deps: OwnerLinkDeps,
  email: string,
  now = Date.now(),
): Promise<UpcomingAppointment[]> {
  const rows = await ownBookings(deps.db, email)
    .innerJoin('clinicians', 'clinicians.id', 'bookings.clinician_id')
    .select([
      'bookings.id as id',
      'requests.reference as reference',
      'bookings.service as service',
      'bookings.starts_at as startsAt',
      'bookings.ends_at as endsAt',
      'clinicians.name as clinician',
      'bookings.video_room as videoRoom',
    ])
    .where('bookings.status', '=', 'booked')
    .where('bookings.starts_at', '>', now)
    .orderBy('bookings.starts_at')
    .orderBy('bookings.id')
    .execute();
  return rows.map(({ videoRoom, ...row }) => ({
    ...row,
    startsAt: Number(row.startsAt),
    endsAt: Number(row.endsAt),
    videoLink: videoRoom ? deps.booking.videoLink(videoRoom) : null,
    address: videoRoom ? null : officeAddressLine,
  }));
}

export type OwnerLink =
  | { kind: 'issued'; token: string }
  /** Not the patient's, not booked any more, or already started. */
  | { kind: 'not-found' }
  /** Its token changed between the read and the write (a link used, or another fresh link): nothing was replaced. */
  | { kind: 'changed' };

/**
 * A fresh manage token for one of the patient's upcoming bookings: replaces bookings.manage_token_hash with the new
 * token's hash only while it still holds the hash read (compare-and-set), so a link used or issued meanwhile is never
 * overwritten blindly. The old links (in the e-mail) stop working; the token answered works once, like theirs.
 */
export async function issueOwnerLink(
  deps: OwnerLinkDeps,
  email: string,
  bookingId: number,
  now = Date.now(),
): Promise<OwnerLink> {
  const own = await ownBookings(deps.db, email)
    .select(['bookings.manage_token_hash as tokenHash'])
    .where('bookings.id', '=', bookingId)
    .where('bookings.status', '=', 'booked')
    .where('bookings.starts_at', '>', now)
    .executeTakeFirst();
  if (!own) return { kind: 'not-found' };
  return replaceManageToken(deps, bookingId, own.tokenHash);
}

/** Compare-and-set of a booking's token hash: the new token when the row still held `expectedHash`. */
export async function replaceManageToken(
  deps: Pick<OwnerLinkDeps, 'booking'>,
  bookingId: number,
  expectedHash: string | null,
): Promise<OwnerLink> {
  const fresh = newManageToken();
  const updated = await deps.booking.write((trx) =>
    trx
      .updateTable('bookings')
      .set({ manage_token_hash: fresh.hash, updated_at: new Date().toISOString() })
      .where('id', '=', bookingId)
      .where('status', '=', 'booked')
      .where((eb) =>
        expectedHash === null ? eb('manage_token_hash', 'is', null) : eb('manage_token_hash', '=', expectedHash),
      )
      .executeTakeFirst(),
  );
  return Number(updated.numUpdatedRows) === 1 ? { kind: 'issued', token: fresh.token } : { kind: 'changed' };
}
