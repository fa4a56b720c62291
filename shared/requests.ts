/**
 * Requests in the staff inbox (issue #13): their types, statuses and the moves between them, the labels staff and
 * patients read, and the zod inputs of the staff and patient procedures. Both sides import this.
 */
import { z } from 'zod';
import { isIsoDate } from './lagos-date';
import { cleanString, isBlank } from './schemas/field-rules';

export const REQUEST_TYPES = ['appointment', 'service_order', 'trip_plan', 'job_application'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export const REQUEST_STATUSES = ['new', 'in_progress', 'confirmed', 'done', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const requestTypeLabels: Record<RequestType, string> = {
  appointment: 'Appointment',
  service_order: 'Service order',
  trip_plan: 'Trip plan',
  job_application: 'Job application',
};

export const requestStatusLabels: Record<RequestStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  confirmed: 'Confirmed',
  done: 'Done',
  cancelled: 'Cancelled',
};

/** New → In progress → Confirmed → Done; Cancelled (with a reason) from any open status. */
export const nextStatuses: Record<RequestStatus, readonly RequestStatus[]> = {
  new: ['in_progress', 'confirmed', 'cancelled'],
  in_progress: ['confirmed', 'cancelled'],
  confirmed: ['done', 'cancelled'],
  done: [],
  cancelled: [],
};

export const isClosedStatus = (status: RequestStatus) => status === 'done' || status === 'cancelled';

/** A patient may cancel their own appointment until staff confirm it. */
export const patientMayCancel = (type: RequestType, status: RequestStatus) =>
  type === 'appointment' && (status === 'new' || status === 'in_progress');

export const PATIENT_CANCEL_REASON = 'Cancelled by the patient.';

export const STAFF_NOTE_MAX = 4000;
export const INBOX_PAGE_SIZE = 50;
export const INBOX_SEARCH_MAX = 100;

const thousands = (value: number) => value.toLocaleString('en-GB');

const staffText = (label: string, max: number) =>
  cleanString(`${label} must be text.`, { multiline: true }).pipe(
    z
      .string()
      .refine((value) => !isBlank(value), { error: `Enter ${label.toLowerCase()}.` })
      .max(max, { error: `${label} must be ${thousands(max)} characters or fewer.` }),
  );

const isoDate = (label: string) =>
  z
    .string({ error: `${label} must be a date.` })
    .refine(isIsoDate, { error: `${label} must be a date like 2026-05-14.` });

export const requestIdSchema = z.object({ id: z.number({ error: 'Request id must be a number.' }).int().positive() });

/** The inbox's status choices: one status, open work (the default view) or every request. */
export const INBOX_STATUS_VIEWS = [...REQUEST_STATUSES, 'open', 'all'] as const;
export type InboxStatusView = (typeof INBOX_STATUS_VIEWS)[number];

/** The inbox filter: also the CSV export's query. */
export const inboxFilterSchema = z.object({
  type: z.enum(REQUEST_TYPES, { error: 'Type must be one of the request types.' }).optional(),
  /** One status, 'open' (the triage view: New, In progress and Confirmed appointments still ahead) or 'all'. */
  status: z.enum(INBOX_STATUS_VIEWS, { error: 'Status must be one of the statuses, open or all.' }).optional(),
  /** 'me', 'none' (unassigned) or a staff member's id. */
  owner: z
    .union([z.literal('me'), z.literal('none'), z.number().int().positive()], {
      error: "Owner must be 'me', 'none' or a staff member.",
    })
    .optional(),
  /** Received on or after this Lagos date. */
  from: isoDate('From date').optional(),
  /** Received on or before this Lagos date. */
  to: isoDate('To date').optional(),
  search: z
    .string({ error: 'Search must be text.' })
    .trim()
    .max(INBOX_SEARCH_MAX, { error: `Search must be ${INBOX_SEARCH_MAX} characters or fewer.` })
    .optional(),
});
export type InboxFilter = z.output<typeof inboxFilterSchema>;

export const inboxListSchema = inboxFilterSchema.extend({
  /** Keyset paging: the last id of the previous page (newest first), or its 'due|id' (the views sorted by due). */
  cursor: z.union([z.number().int().positive(), z.string().max(80)]).optional(),
  limit: z.number().int().min(1).max(100).default(INBOX_PAGE_SIZE),
});

export const CONFIRMED_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const setStatusSchema = requestIdSchema.extend({
  status: z.enum(REQUEST_STATUSES, { error: 'Status must be one of the statuses.' }),
  /** Appointments only, required when confirming: Lagos date and time. */
  confirmedDate: isoDate('Confirmed date').optional(),
  confirmedTime: z
    .string()
    .regex(CONFIRMED_TIME_PATTERN, { error: 'Confirmed time must be a time like 14:30.' })
    .optional(),
  /** Required when cancelling. */
  reason: staffText('A reason', 1000).optional(),
  /** Optional message to the patient sent with the change. */
  message: staffText('A message', STAFF_NOTE_MAX).optional(),
});
export type SetStatusInput = z.input<typeof setStatusSchema>;

/**
 * The start of an appointment form's time slot as 'HH:MM' ('01-02 PM' → '13:00', '11 AM-12 PM' → '11:00'), to prefill
 * Confirm (issue #29.5); null for anything else. The slot's first AM or PM is its start's.
 */
export function preferredSlotStart(slot: string | null | undefined): string | null {
  const match = /^(\d{1,2})[^AP]*?(AM|PM)/i.exec(slot?.trim() ?? '');
  if (!match) return null;
  const hour = (Number(match[1]) % 12) + (match[2]!.toUpperCase() === 'PM' ? 12 : 0);
  return hour < 24 ? `${String(hour).padStart(2, '0')}:00` : null;
}

export const CONFIRM_NEEDS_DATE_MESSAGE = 'Enter the confirmed date and time for this appointment.';
export const CANCEL_NEEDS_REASON_MESSAGE = 'Enter a reason for cancelling.';

export const assignSchema = requestIdSchema.extend({
  /** null leaves the request unassigned. */
  ownerId: z.number().int().positive().nullable(),
});

export const noteSchema = requestIdSchema.extend({ body: staffText('A note', STAFF_NOTE_MAX) });
export const patientMessageSchema = requestIdSchema.extend({ body: staffText('A message', STAFF_NOTE_MAX) });

/** A claim: `takeOverFrom` is the colleague the staff member saw owning it and agreed to take it from. */
export const claimSchema = requestIdSchema.extend({ takeOverFrom: z.number().int().positive().nullable().optional() });

export const TAKE_OVER_QUESTION = (colleague: string) => `Take over from ${colleague}?`;
export const TAKEN_OVER_BODY = (colleague: string) => `Taken over from ${colleague}.`;

/**
 * Statuses a bulk change may set: the ones that need nothing more than the choice (no reason; Confirmed only for
 * requests that are not appointments, which need a date and time).
 */
export const BULK_STATUSES = ['in_progress', 'confirmed', 'done'] as const;
export const BULK_MAX = 100;
const bulkIds = z
  .array(z.number().int().positive(), { error: 'Select the requests to change.' })
  .min(1, { error: 'Select at least one request.' })
  .max(BULK_MAX, { error: `Select at most ${BULK_MAX} requests at a time.` });
export const bulkAssignSchema = z.object({ ids: bulkIds, ownerId: z.number().int().positive().nullable() });
export const bulkStatusSchema = z.object({
  ids: bulkIds,
  status: z.enum(BULK_STATUSES, { error: 'Status must be In progress, Confirmed or Done.' }),
});
/** Bulk cancel (issue #29.7): one reason for all, sent to each patient like a single cancel's. */
export const bulkCancelSchema = z.object({ ids: bulkIds, reason: staffText('A reason', 1000) });

export const CALL_OUTCOMES = ['reached', 'no_answer', 'wrong_number'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export const callOutcomeLabels: Record<CallOutcome, string> = {
  reached: 'Reached',
  no_answer: 'No answer',
  wrong_number: 'Wrong number',
};
export const callLogSchema = requestIdSchema
  .extend({
    outcome: z.enum(CALL_OUTCOMES, { error: 'Outcome must be reached, no answer or wrong number.' }),
    /** The next try, Lagos date and time: both or neither. */
    nextTryDate: isoDate('Next try date').optional(),
    nextTryTime: z
      .string()
      .regex(CONFIRMED_TIME_PATTERN, { error: 'Next try time must be a time like 14:30.' })
      .optional(),
  })
  .refine((input) => (input.nextTryDate === undefined) === (input.nextTryTime === undefined), {
    error: 'Enter both the date and the time of the next try, or neither.',
    path: ['nextTryTime'],
  });

/** One inbox row as staff see it. */
export type InboxRow = {
  id: number;
  reference: string;
  type: RequestType;
  fullName: string;
  subject: string;
  requestedDate: string | null;
  status: RequestStatus;
  ownerId: number | null;
  ownerName: string | null;
  createdAt: string;
  updatedAt: string;
  /** Lagos wall-clock 'YYYY-MM-DDTHH:MM' of a confirmed appointment. */
  confirmedFor: string | null;
  /** ISO UTC: the next call try planned in the call log. */
  nextCallAt: string | null;
};

/** The Socket.IO namespace of the live inbox (same server and path as the chat). */
export const STAFF_NAMESPACE = '/staff';

/** Server → staff events on the staff namespace. */
export type StaffServerToClientEvents = {
  'request:new': (row: InboxRow) => void;
  'request:changed': (row: InboxRow) => void;
  /** To the colleague a request was taken over from. */
  'request:taken': (notice: { row: InboxRow; byName: string }) => void;
};
