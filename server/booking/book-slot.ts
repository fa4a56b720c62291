/**
 * A patient (or staff, for a caller) books a free time (issue #28.2, #28.3). The request, its booking and the cells the
 * booking covers are one transaction; the cells' primary key decides between two people who chose the same time, on
 * SQLite and on PostgreSQL, across nodes. The one who loses keeps what they typed and gets the nearest free times.
 */
import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import { brand } from '../../shared/brand';
import { cellsOf, lagosDateOf, lagosWallClockOf, nearestSlots, type FreeSlot } from '../../shared/booking/free-slots';
import {
  NO_SLOTS_LEFT_MESSAGE,
  SERVICE_NOT_BOOKABLE_MESSAGE,
  SLOT_NOT_OFFERED_MESSAGE,
  SLOT_TAKEN_MESSAGE,
} from '../../shared/messages/booking-messages';
import type { BookSlotData } from '../../shared/schemas/booking';
import { bookings, type BookingRow } from '../data/bookings';
import { mailOutbox } from '../data/mail-outbox';
import { requests, toInboxRow, type Actor, type ChangedRequest } from '../data/requests';
import { insertAppointment } from '../data/submissions';
import type { Database } from '../db/schema';
import { recordFormConsents } from '../messaging/consents';
import { queueStatusText } from '../messaging/request-texts';
import type { RequestDeps } from '../requests/request-deps';
import { botReply, looksLikeBot, textablePhone } from '../requests/submit';
import { bookedMail } from './booking-mails';
import type { BookingService } from './booking-service';
import { loadServiceTimes } from './free-times';
import { newManageToken } from './manage-token';
import { scheduleReminders } from './reminders';

export type BookingDeps = Omit<RequestDeps, 'booking'> & { booking: BookingService };

/** Who books: the patient on the site, or a staff member for a caller (the front desk, issue #28.7). */
export type BookedBy = { kind: 'patient'; ip: string } | { kind: 'staff'; userId: number; ip: string };

export type BookingResult =
  { booked: true; reference: string; startsAt: number } | { booked: false; message: string; nearest: FreeSlot[] };

/** The slot went to someone else between the page and the post: the transaction is undone whole. */
class SlotTaken extends Error {}

const VIRTUAL_SERVICE = 'Virtual Consultation';

const calendarDomain = brand.email.split('@')[1]!;

const actorOf = (by: BookedBy): Actor =>
  by.kind === 'staff' ? { kind: 'staff', userId: by.userId } : { kind: 'patient' };

/** A booking's row and facts, for the mail and the staff's views. */
export type BookedFacts = { booking: BookingRow; request: ChangedRequest; clinicianName: string };

/**
 * Takes the first clinician free at `startsAt`, in the order given: inserts their booking and claims its cells; a
 * clinician someone else got first is let go (their partial claim deleted) and the next tried.
 */
export async function claimSlot(
  trx: Transaction<Database>,
  candidates: { clinicianId: number; endsAt: number }[],
  startsAt: number,
  row: Omit<
    BookingRow,
    'id' | 'status' | 'attendance' | 'calendar_sequence' | 'clinician_id' | 'starts_at' | 'ends_at'
  >,
): Promise<BookingRow> {
  for (const candidate of candidates) {
    const booking = await bookings.insert(trx, {
      ...row,
      clinician_id: candidate.clinicianId,
      starts_at: startsAt,
      ends_at: candidate.endsAt,
    });
    if (await bookings.claimCells(trx, candidate.clinicianId, booking.id, cellsOf(startsAt, candidate.endsAt)))
      return booking;
    await trx.deleteFrom('bookings').where('id', '=', booking.id).execute();
  }
  throw new SlotTaken();
}

/** The slot's field error, as a failing parse gives it, so the form shows it on the list of times. */
const slotFieldError = (message: string) =>
  new TRPCError({
    code: 'BAD_REQUEST',
    message,
    cause: z.object({ slot: z.custom(() => false, { error: message }) }).safeParse({ slot: 0 }).error,
  });

async function lostSlot(deps: BookingDeps, service: string, wanted: number): Promise<BookingResult> {
  const times = await loadServiceTimes(deps, service);
  const nearest = nearestSlots(times.slots, wanted);
  return { booked: false, message: nearest.length ? SLOT_TAKEN_MESSAGE : NO_SLOTS_LEFT_MESSAGE, nearest };
}

export async function bookSlot(
  deps: BookingDeps,
  by: BookedBy,
  input: BookSlotData,
  now = Date.now(),
  // Staff booking for a caller may look further ahead and book sooner than the site allows, and from the calendar ask
  // for one clinician first (another free then is taken if they went).
  window: { days?: number; leadMinutes?: number; clinicianId?: number } = {},
): Promise<BookingResult> {
  if (by.kind === 'patient' && looksLikeBot(deps, input)) {
    const { reference } = botReply(deps, 'appointments');
    return { booked: true, reference, startsAt: input.slot };
  }
  const consents = { smsConsent: input.smsConsent, whatsappConsent: input.whatsappConsent };
  const phoneE164 = textablePhone(input.phone, consents);
  const times = await loadServiceTimes(deps, input.service, now, window);
  if (!times.bookable) throw slotFieldError(SERVICE_NOT_BOOKABLE_MESSAGE);
  const slot = times.slots.find((free) => free.startsAt === input.slot);
  if (!slot) {
    const offered = await loadServiceTimes(deps, input.service, now, { ...window, ignoreBooked: true });
    if (!offered.slots.some((free) => free.startsAt === input.slot)) throw slotFieldError(SLOT_NOT_OFFERED_MESSAGE);
    return lostSlot(deps, input.service, input.slot);
  }
  const preferred = [...slot.clinicianIds].sort(
    (a, b) => Number(b === window.clinicianId) - Number(a === window.clinicianId),
  );
  const candidates = preferred.map((clinicianId) => ({
    clinicianId,
    endsAt: slot.startsAt + times.slotMinutes.get(clinicianId)! * 60_000,
  }));

  let booked: BookedFacts | undefined;
  try {
    const stored = await insertAppointment(
      deps.booking.writer,
      {
        fullName: input.fullName,
        email: input.email,
        phone: input.phone,
        phoneE164,
        preferredDate: lagosDateOf(slot.startsAt),
        preferredTime: null,
        serviceType: input.service,
        message: input.message,
        website: input.website,
        fillMs: input.fillMs,
        idempotencyKey: input.idempotencyKey,
      },
      {
        onNew: async (trx, request, inboxRow) => {
          const token = newManageToken();
          const stamp = new Date(now).toISOString();
          const booking = await claimSlot(trx, candidates, slot.startsAt, {
            request_id: inboxRow.id,
            service: input.service,
            calendar_uid: `${request.reference}-${randomUUID()}@${calendarDomain}`,
            video_room: input.service === VIRTUAL_SERVICE ? deps.booking.newVideoRoom() : null,
            manage_token_hash: token.hash,
            wants_earlier: input.wantsEarlier ? 1 : 0,
            booked_by: by.kind,
            created_at: stamp,
            updated_at: stamp,
          });
          const confirmed = await requests.setStatus(
            trx,
            inboxRow.id,
            { from: 'new', to: 'confirmed', confirmedFor: lagosWallClockOf(slot.startsAt) },
            actorOf(by),
          );
          if (!confirmed) throw new Error('A new request was changed inside its own transaction');
          const clinicianName = times.clinicians.get(booking.clinician_id) ?? '';
          if (phoneE164)
            await recordFormConsents(trx, phoneE164, consents, { source: 'booking form', requestId: inboxRow.id });
          // A caller booked by the front desk may have no e-mail (stored ''): no mail, texts only with consent.
          if (input.email)
            await mailOutbox.insert(
              trx,
              bookedMail(
                { booking, request: confirmed, clinicianName, videoLink: videoLinkOf(deps, booking) },
                deps.booking.manageLinks(token.token),
              ),
            );
          await queueStatusText(deps.messaging, trx, confirmed);
          await scheduleReminders(trx, booking.id, booking.starts_at, now);
          booked = { booking, request: confirmed, clinicianName };
        },
      },
    );
    if (!booked) return { booked: true, reference: stored.reference, startsAt: input.slot };
  } catch (error) {
    if (error instanceof SlotTaken) return lostSlot(deps, input.service, input.slot);
    throw error;
  }
  const facts: BookedFacts = booked;
  deps.mail.notifyQueued();
  deps.messaging.notifyQueued();
  deps.booking.notifyReminders();
  deps.inboxEvents.announce({ kind: 'new', row: toInboxRow(facts.request) });
  if (by.kind === 'staff')
    await deps.audit.record({
      type: 'booking.book',
      actorUserId: by.userId,
      ip: by.ip,
      subject: `request:${facts.request.id}`,
      detail: { startsAt: lagosWallClockOf(facts.booking.starts_at) },
    });
  deps.logger.info('appointment booked', { reference: facts.request.reference, by: by.kind });
  return { booked: true, reference: facts.request.reference, startsAt: facts.booking.starts_at };
}

export const videoLinkOf = (deps: Pick<BookingDeps, 'booking'>, booking: Pick<BookingRow, 'video_room'>) =>
  booking.video_room ? deps.booking.videoLink(booking.video_room) : null;
