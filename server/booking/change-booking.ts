/**
 * Moving and cancelling a booked time (issue #28.4): by the patient's single-use link, by staff from the request page
 * or the day view, and by a waitlisted patient taking an earlier time. Each is one transaction that frees the old
 * cells, claims the new ones (the same primary key decides), replaces the link token (so the old links die), moves or
 * cancels the reminders, and queues the e-mail with its calendar file and the text. The time freed is then offered to
 * the waitlist (waitlist.ts).
 */
import { TRPCError } from '@trpc/server';
import type { Transaction } from 'kysely';
import { cellsOf, lagosWallClockOf, type FreeSlot } from '../../shared/booking/free-slots';
import {
  APPOINTMENT_CANCELLED_MESSAGE,
  APPOINTMENT_PAST_MESSAGE,
  BOOKING_NOT_FOUND_MESSAGE,
  LINK_USED_MESSAGE,
  NO_SLOTS_LEFT_MESSAGE,
  SLOT_NOT_OFFERED_MESSAGE,
  SLOT_TAKEN_MESSAGE,
} from '../../shared/messages/booking-messages';
import { REQUEST_CHANGED_MESSAGE } from '../../shared/messages/staff-messages';
import { nearestSlots } from '../../shared/booking/free-slots';
import { bookings, type BookingRow } from '../data/bookings';
import { mailOutbox } from '../data/mail-outbox';
import { requests, toInboxRow, type Actor, type ChangedRequest } from '../data/requests';
import type { Database } from '../db/schema';
import { queueStatusText } from '../messaging/request-texts';
import type { BookedBy, BookingDeps } from './book-slot';
import { videoLinkOf } from './book-slot';
import { bookedMail, bookingCancelledMail, rescheduledMail } from './booking-mails';
import { loadServiceTimes } from './free-times';
import { hashManageToken, newManageToken } from './manage-token';
import { cancelReminders, scheduleReminders } from './reminders';
import { offerFreedTime } from './waitlist';

type Trx = Transaction<Database>;

/** How the change was asked for: a link's token (which must still be the live one), or a signed-in staff member. */
export type ChangeAuthority = { token: string } | { staff: true };

export type MoveResult =
  { moved: true; reference: string; startsAt: number } | { moved: false; message: string; nearest: FreeSlot[] };

class SlotTaken extends Error {}
/** The booking changed since it was read (its link used, another change first): undone whole. */
class ChangedFirst extends Error {}

const actorOf = (by: BookedBy): Actor =>
  by.kind === 'staff' ? { kind: 'staff', userId: by.userId } : { kind: 'patient' };

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: BOOKING_NOT_FOUND_MESSAGE });

/** The booking a link or a staff member may change now; the refusal names why. */
export async function changeableBooking(
  deps: Pick<BookingDeps, 'db'>,
  id: number | null,
  authority: ChangeAuthority,
  now = Date.now(),
): Promise<BookingRow> {
  const booking =
    'token' in authority
      ? await bookings.byTokenHash(deps.db, hashManageToken(authority.token))
      : id === null
        ? undefined
        : await bookings.find(deps.db, id);
  if (!booking)
    throw 'token' in authority ? new TRPCError({ code: 'NOT_FOUND', message: LINK_USED_MESSAGE }) : notFound();
  if (booking.status === 'cancelled')
    throw new TRPCError({ code: 'BAD_REQUEST', message: APPOINTMENT_CANCELLED_MESSAGE });
  if (Number(booking.starts_at) <= now) throw new TRPCError({ code: 'BAD_REQUEST', message: APPOINTMENT_PAST_MESSAGE });
  return booking;
}

/**
 * Replaces the booking's token if it is still the one it was read with (compare-and-set): a link used twice at once,
 * or a staff change racing the patient's, changes it once.
 */
async function takeBooking(trx: Trx, booking: BookingRow, changes: Partial<BookingRow>, now: number) {
  const taken = await trx
    .updateTable('bookings')
    .set({ ...changes, updated_at: new Date(now).toISOString() })
    .where('id', '=', booking.id)
    .where('status', '=', 'booked')
    .where('starts_at', '=', booking.starts_at)
    .where((eb) =>
      booking.manage_token_hash === null
        ? eb('manage_token_hash', 'is', null)
        : eb('manage_token_hash', '=', booking.manage_token_hash),
    )
    .returningAll()
    .executeTakeFirst();
  if (!taken) throw new ChangedFirst();
  return taken;
}

/** Frees the booking's cells and claims those at the new time, with the first candidate free then. */
async function moveCells(
  trx: Trx,
  booking: BookingRow,
  candidates: { clinicianId: number; endsAt: number }[],
  startsAt: number,
  tokenHash: string,
  now: number,
): Promise<BookingRow> {
  await bookings.freeCells(trx, booking.id);
  for (const candidate of candidates) {
    if (await bookings.claimCells(trx, candidate.clinicianId, booking.id, cellsOf(startsAt, candidate.endsAt)))
      return takeBooking(
        trx,
        booking,
        {
          clinician_id: candidate.clinicianId,
          starts_at: startsAt,
          ends_at: candidate.endsAt,
          calendar_sequence: booking.calendar_sequence + 1,
          manage_token_hash: tokenHash,
        },
        now,
      );
    await bookings.freeCells(trx, booking.id);
  }
  throw new SlotTaken();
}

async function nearestFor(deps: BookingDeps, service: string, wanted: number, now: number): Promise<MoveResult> {
  const times = await loadServiceTimes(deps, service, now);
  const nearest = nearestSlots(times.slots, wanted);
  return { moved: false, message: nearest.length ? SLOT_TAKEN_MESSAGE : NO_SLOTS_LEFT_MESSAGE, nearest };
}

/**
 * Moves a booking to `startsAt`, with the same clinician when they are free then. `window` lets staff look further
 * ahead and move sooner than the site allows a patient.
 */
export async function rescheduleBooking(
  deps: BookingDeps,
  by: BookedBy,
  booking: BookingRow,
  startsAt: number,
  now = Date.now(),
  window: { days?: number; leadMinutes?: number } = {},
): Promise<MoveResult> {
  const times = await loadServiceTimes(deps, booking.service, now, window);
  const slot = times.slots.find((free) => free.startsAt === startsAt);
  if (!slot) {
    const offered = await loadServiceTimes(deps, booking.service, now, { ...window, ignoreBooked: true });
    if (!offered.slots.some((free) => free.startsAt === startsAt))
      throw new TRPCError({ code: 'BAD_REQUEST', message: SLOT_NOT_OFFERED_MESSAGE });
    return nearestFor(deps, booking.service, startsAt, now);
  }
  const sameFirst = [...slot.clinicianIds].sort(
    (a, b) => Number(b === booking.clinician_id) - Number(a === booking.clinician_id),
  );
  const candidates = sameFirst.map((clinicianId) => ({
    clinicianId,
    endsAt: startsAt + times.slotMinutes.get(clinicianId)! * 60_000,
  }));
  const token = newManageToken();
  let changed: { moved: BookingRow; request: ChangedRequest } | undefined;
  try {
    changed = await deps.booking.write(async (trx) => {
      const moved = await moveCells(trx, booking, candidates, startsAt, token.hash, now);
      const request = await requests.reschedule(trx, booking.request_id, lagosWallClockOf(startsAt), actorOf(by));
      if (!request) throw new ChangedFirst();
      await cancelReminders(trx, booking.id, now);
      await scheduleReminders(trx, booking.id, startsAt, now);
      const clinicianName = (await bookings.clinicianName(trx, moved.clinician_id)) ?? '';
      if (request.email)
        await mailOutbox.insert(
          trx,
          rescheduledMail(
            { booking: moved, request, clinicianName, videoLink: videoLinkOf(deps, moved) },
            deps.booking.manageLinks(token.token),
          ),
        );
      await queueStatusText(deps.messaging, trx, request, 'request_rescheduled');
      await offerFreedTime(trx, deps, { booking, freedStartsAt: Number(booking.starts_at) }, now);
      return { moved, request };
    });
  } catch (error) {
    if (error instanceof SlotTaken) return nearestFor(deps, booking.service, startsAt, now);
    if (error instanceof ChangedFirst) throw changedFirstError(by);
    throw error;
  }
  await announceBooking(deps, by, changed.request, {
    type: 'booking.reschedule',
    detail: { to: lagosWallClockOf(startsAt) },
  });
  return { moved: true, reference: changed.request.reference, startsAt };
}

/**
 * The cancel inside a caller's transaction: frees the time, ends the links and reminders, cancels the request with the
 * reason, queues the mail and the text, and offers the time to the waitlist. A request already closed throws, so the
 * caller's transaction is undone whole (bulk cancel, issue #29.7, runs several in one).
 */
export async function cancelBookingIn(
  trx: Trx,
  deps: BookingDeps,
  by: BookedBy,
  booking: BookingRow,
  reason: string,
  now: number,
  extra: { message?: string | null } = {},
): Promise<ChangedRequest> {
  const taken = await takeBooking(trx, booking, { status: 'cancelled', manage_token_hash: null }, now);
  await bookings.freeCells(trx, booking.id);
  await cancelReminders(trx, booking.id, now);
  const current = await requests.find(trx, booking.request_id);
  if (!current || current.status === 'cancelled' || current.status === 'done') throw new ChangedFirst();
  const request = await requests.setStatus(
    trx,
    booking.request_id,
    { from: current.status, to: 'cancelled', reason, message: extra.message ?? null },
    actorOf(by),
  );
  if (!request) throw new ChangedFirst();
  const clinicianName = (await bookings.clinicianName(trx, taken.clinician_id)) ?? '';
  if (request.email)
    await mailOutbox.insert(
      trx,
      bookingCancelledMail({ booking: taken, request, clinicianName, videoLink: videoLinkOf(deps, taken) }, reason),
    );
  await queueStatusText(deps.messaging, trx, request);
  await offerFreedTime(trx, deps, { booking, freedStartsAt: Number(booking.starts_at) }, now);
  return request;
}

/** Whether an error is a booking that changed first (already cancelled, done, or its link used). */
export const isChangedFirst = (error: unknown) => error instanceof ChangedFirst;

/** Cancels a booking: frees its time, ends its links and reminders, and cancels its request with the reason. */
export async function cancelBooking(
  deps: BookingDeps,
  by: BookedBy,
  booking: BookingRow,
  reason: string,
  now = Date.now(),
  extra: { message?: string | null } = {},
): Promise<ChangedRequest> {
  let cancelled: ChangedRequest | undefined;
  try {
    cancelled = await deps.booking.write((trx) => cancelBookingIn(trx, deps, by, booking, reason, now, extra));
  } catch (error) {
    if (error instanceof ChangedFirst) throw changedFirstError(by);
    throw error;
  }
  await announceBooking(deps, by, cancelled, { type: 'booking.cancel' });
  return cancelled;
}

const changedFirstError = (by: BookedBy) =>
  by.kind === 'staff'
    ? new TRPCError({ code: 'CONFLICT', message: REQUEST_CHANGED_MESSAGE })
    : new TRPCError({ code: 'CONFLICT', message: LINK_USED_MESSAGE });

export async function announceBooking(
  deps: BookingDeps,
  by: BookedBy,
  request: ChangedRequest,
  audit: { type: 'booking.reschedule' | 'booking.cancel'; detail?: Record<string, string> },
) {
  deps.mail.notifyQueued();
  deps.messaging.notifyQueued();
  deps.booking.notifyReminders();
  deps.inboxEvents.announce({ kind: 'changed', row: toInboxRow(request) });
  if (by.kind === 'staff')
    await deps.audit.record({
      type: audit.type,
      actorUserId: by.userId,
      ip: by.ip,
      subject: `request:${request.id}`,
      detail: audit.detail,
    });
}

/** Re-sends the booked e-mail with fresh links: the old token stops working (staff, for a patient who lost it). */
export async function resendLinks(deps: BookingDeps, booking: BookingRow, now = Date.now()) {
  const token = newManageToken();
  await deps.booking.write(async (trx) => {
    const taken = await takeBooking(trx, booking, { manage_token_hash: token.hash }, now);
    const request = await requests.find(trx, booking.request_id);
    if (!request) throw new ChangedFirst();
    const clinicianName = (await bookings.clinicianName(trx, taken.clinician_id)) ?? '';
    if (request.email)
      await mailOutbox.insert(
        trx,
        bookedMail(
          { booking: taken, request, clinicianName, videoLink: videoLinkOf(deps, taken) },
          deps.booking.manageLinks(token.token),
        ),
      );
  });
  deps.mail.notifyQueued();
}
