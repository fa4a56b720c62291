/**
 * E-mails about a booked time (issue #28.4): booked, moved and cancelled, each with a calendar file. The file's UID
 * stays for the life of the booking; SEQUENCE grows with each move, and a cancel sends METHOD:CANCEL, so the event
 * moves or leaves the patient's calendar instead of a second copy appearing.
 */
import { brand, officeAddressLine } from '../../shared/brand';
import { lagosWallClockOf } from '../../shared/booking/free-slots';
import { formatLagosDateTime } from '../../shared/lagos-date';
import type { BookingRow } from '../data/bookings';
import type { OutgoingMail } from '../data/mail-outbox';
import { calendarFile } from '../mail/ics';
import { renderMail } from '../mail/mail-templates';
import type { RequestRow } from '../mail/request-mails';

/** What every booking mail is drawn from. */
export type BookingMailFacts = {
  booking: Pick<BookingRow, 'starts_at' | 'ends_at' | 'service' | 'calendar_uid' | 'calendar_sequence' | 'video_room'>;
  request: Pick<RequestRow, 'reference' | 'full_name' | 'email'>;
  clinicianName: string;
  /** The video room's link for a virtual consultation, null for a visit. */
  videoLink: string | null;
};

export type ManageLinks = { reschedule: string; cancel: string };

const whenOf = (startsAt: number) => formatLagosDateTime(lagosWallClockOf(Number(startsAt)));

const whereLine = (facts: BookingMailFacts) =>
  facts.videoLink ? `Video link: ${facts.videoLink}` : `Where: ${officeAddressLine}`;

const detailLines = (facts: BookingMailFacts) =>
  [
    `Service: ${facts.booking.service}`,
    `When: ${whenOf(facts.booking.starts_at)}`,
    `With: ${facts.clinicianName}`,
    whereLine(facts),
  ].join('\n');

const linkLines = (links: ManageLinks) => [
  `To choose another time: ${links.reschedule}`,
  `To cancel: ${links.cancel}`,
  'Each link works once. If you change the appointment, we send you new links.',
];

const followUp = (reference: string) => `Quote your reference ${reference} if you call us on ${brand.phone}.`;

function calendarAttachment(facts: BookingMailFacts, method: 'PUBLISH' | 'CANCEL') {
  const { booking, request } = facts;
  return {
    filename: `${request.reference}.ics`,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: calendarFile({
      uid: booking.calendar_uid,
      sequence: booking.calendar_sequence,
      method,
      start: new Date(Number(booking.starts_at)),
      durationMinutes: Math.round((Number(booking.ends_at) - Number(booking.starts_at)) / 60_000),
      summary: `${brand.name}: ${booking.service}`,
      description: [
        `Reference ${request.reference}, with ${facts.clinicianName}.`,
        ...(facts.videoLink ? [`Join the video call: ${facts.videoLink}`] : []),
        `${brand.name}, ${brand.phone}.`,
      ].join(' '),
      // A video appointment has no address: the patient must not travel to the office for it.
      location: facts.videoLink ?? officeAddressLine,
      url: facts.videoLink ?? undefined,
      organizerName: brand.name,
    }),
  };
}

/** A time booked by the patient or for them: Confirmed at once. */
export function bookedMail(facts: BookingMailFacts, links: ManageLinks): OutgoingMail {
  const { reference } = facts.request;
  return {
    to: facts.request.email,
    kind: 'booking_confirmed',
    subject: `Your appointment is booked (${reference})`,
    ...renderMail({
      greetingName: facts.request.full_name,
      intro: [`Your appointment ${reference} is booked and confirmed.`, detailLines(facts)],
      after: [
        'The calendar file attached to this email adds the appointment to your calendar.',
        ...linkLines(links),
        followUp(reference),
      ],
    }),
    attachments: [calendarAttachment(facts, 'PUBLISH')],
  };
}

/** Moved to another time: the same calendar event, one sequence on, and new links (the old ones no longer work). */
export function rescheduledMail(facts: BookingMailFacts, links: ManageLinks): OutgoingMail {
  const { reference } = facts.request;
  return {
    to: facts.request.email,
    kind: 'booking_rescheduled',
    subject: `Your appointment has moved (${reference})`,
    ...renderMail({
      greetingName: facts.request.full_name,
      intro: [`Your appointment ${reference} has moved to a new time.`, detailLines(facts)],
      after: [
        'The calendar file attached to this email moves the appointment in your calendar.',
        ...linkLines(links),
        followUp(reference),
      ],
    }),
    attachments: [calendarAttachment(facts, 'PUBLISH')],
  };
}

/** Cancelled: the calendar file removes the event. */
export function bookingCancelledMail(facts: BookingMailFacts, reason: string | null): OutgoingMail {
  const { reference } = facts.request;
  return {
    to: facts.request.email,
    kind: 'booking_cancelled',
    subject: `Your appointment is cancelled (${reference})`,
    ...renderMail({
      greetingName: facts.request.full_name,
      intro: [
        `Your appointment ${reference} is cancelled.`,
        detailLines(facts),
        ...(reason ? [`Reason: ${reason}`] : []),
      ],
      after: [
        'The calendar file attached to this email removes the appointment from your calendar.',
        `To book another time, visit ${brand.name}'s website or call us on ${brand.phone}.`,
      ],
    }),
    attachments: [calendarAttachment(facts, 'CANCEL')],
  };
}
