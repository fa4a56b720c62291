/**
 * E-mails to the patient about their request (issue #13): on submission, and when staff confirm or cancel it.
 * They are queued in the transaction that made the change, so a request is mailed exactly when it is stored, and an
 * SMTP outage delays them but loses none. They hold only what the patient wrote and the staff's message.
 */
import type { Selectable } from 'kysely';
import { brand, officeAddressLine } from '../../shared/brand';
import { formatLagosDate, formatLagosDateTime, lagosWallClockToUtc } from '../../shared/lagos-date';
import { requestTypeLabels, type RequestType } from '../../shared/requests';
import type { UnstoredRequest } from '../data/requests';
import type { OutgoingMail } from '../data/mail-outbox';
import type { RequestsTable } from '../db/schema';
import { calendarFile } from './ics';
import { renderMail } from './mail-templates';

export type RequestRow = Selectable<RequestsTable>;

/** How long a confirmed appointment blocks in the patient's calendar. */
export const APPOINTMENT_CALENDAR_MINUTES = 30;

const whatWasAsked: Record<RequestType, string> = {
  appointment: 'Service',
  service_order: 'Service',
  trip_plan: 'Destination',
  job_application: 'Job',
};

const requestedDateLabel: Record<RequestType, string> = {
  appointment: 'Preferred date',
  service_order: 'Date',
  trip_plan: 'Departure date',
  job_application: 'Date',
};

const whatHappensNext: Record<RequestType, string> = {
  appointment:
    'A member of our team will read your request and confirm a date and time with you. We will email you when it is confirmed.',
  service_order: 'A member of our team will read your order and contact you about the next steps.',
  trip_plan: 'Our medical travel team will read your plan and contact you to prepare the trip with you.',
  job_application: 'Our hiring team reads every application and will contact you about the next steps.',
};

const followUp = `Quote your reference if you call us on ${brand.phone}. If you create an account with this email address, you can follow your request under 'My requests'.`;

function askedLines(type: RequestType, subject: string, requestedDate: string | null): string[] {
  return [
    `${whatWasAsked[type]}: ${subject}`,
    ...(requestedDate ? [`${requestedDateLabel[type]}: ${formatLagosDate(requestedDate)}`] : []),
  ];
}

/** Sent when a request is stored: the reference, what was asked and what happens next. */
export function requestReceivedMail(request: UnstoredRequest): OutgoingMail {
  const label = requestTypeLabels[request.type];
  return {
    to: request.email,
    kind: 'request_received',
    subject: `We received your ${label.toLowerCase()} (${request.reference})`,
    ...renderMail({
      greetingName: request.fullName,
      intro: [
        `Thank you. We received your ${label.toLowerCase()}. Your reference is ${request.reference}.`,
        askedLines(request.type, request.subject, request.requestedDate).join('\n'),
      ],
      after: [whatHappensNext[request.type], followUp],
    }),
  };
}

const staffMessageLines = (message: string | null) => (message ? [`Message from our team:\n${message}`] : []);

/** Sent when staff confirm or cancel a request; null for every other change. */
export function requestStatusMail(request: RequestRow): OutgoingMail | null {
  const label = requestTypeLabels[request.type];
  const asked = askedLines(request.type, request.subject, request.requested_date).join('\n');
  if (request.status === 'confirmed') {
    const when = request.type === 'appointment' && request.confirmed_for ? request.confirmed_for : null;
    return {
      to: request.email,
      kind: 'request_confirmed',
      subject: `Your ${label.toLowerCase()} is confirmed (${request.reference})`,
      ...renderMail({
        greetingName: request.full_name,
        intro: [
          `Your ${label.toLowerCase()} ${request.reference} is confirmed.`,
          when ? `${asked}\nConfirmed for: ${formatLagosDateTime(when)}` : asked,
          ...staffMessageLines(request.patient_message),
        ],
        after: [
          ...(when ? ['The calendar file attached to this email adds the appointment to your calendar.'] : []),
          followUp,
        ],
      }),
      attachments: when
        ? [
            {
              filename: `${request.reference}.ics`,
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
              content: calendarFile({
                uid: `${request.reference}@${brand.email.split('@')[1]}`,
                start: lagosWallClockToUtc(when),
                durationMinutes: APPOINTMENT_CALENDAR_MINUTES,
                summary: `${brand.name}: ${request.subject}`,
                description: `Reference ${request.reference}. ${brand.name}, ${brand.phone}.`,
                location: officeAddressLine,
                organizerName: brand.name,
              }),
            },
          ]
        : undefined,
    };
  }
  if (request.status === 'cancelled')
    return {
      to: request.email,
      kind: 'request_cancelled',
      subject: `Your ${label.toLowerCase()} is cancelled (${request.reference})`,
      ...renderMail({
        greetingName: request.full_name,
        intro: [
          `Your ${label.toLowerCase()} ${request.reference} is cancelled.`,
          asked,
          ...(request.cancel_reason ? [`Reason: ${request.cancel_reason}`] : []),
          ...staffMessageLines(request.patient_message),
        ],
        after: [`If this is not what you expected, call us on ${brand.phone} and quote your reference.`],
      }),
    };
  return null;
}
