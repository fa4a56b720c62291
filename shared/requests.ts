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

/** The inbox filter: also the CSV export's query. */
export const inboxFilterSchema = z.object({
  type: z.enum(REQUEST_TYPES, { error: 'Type must be one of the request types.' }).optional(),
  status: z.enum(REQUEST_STATUSES, { error: 'Status must be one of the statuses.' }).optional(),
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
  /** The last id of the previous page (keyset paging: ids go down). */
  cursor: z.number().int().positive().optional(),
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

export const CONFIRM_NEEDS_DATE_MESSAGE = 'Enter the confirmed date and time for this appointment.';
export const CANCEL_NEEDS_REASON_MESSAGE = 'Enter a reason for cancelling.';

export const assignSchema = requestIdSchema.extend({
  /** null leaves the request unassigned. */
  ownerId: z.number().int().positive().nullable(),
});

export const noteSchema = requestIdSchema.extend({ body: staffText('A note', STAFF_NOTE_MAX) });
export const patientMessageSchema = requestIdSchema.extend({ body: staffText('A message', STAFF_NOTE_MAX) });

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
};

/** The Socket.IO namespace of the live inbox (same server and path as the chat). */
export const STAFF_NAMESPACE = '/staff';

/** Server → staff events on the staff namespace. */
export type StaffServerToClientEvents = {
  'request:new': (row: InboxRow) => void;
  'request:changed': (row: InboxRow) => void;
};
