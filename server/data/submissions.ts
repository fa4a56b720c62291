/**
 * Kysely queries for the stored public forms (issue #4). Each insert takes the schema's
 * parsed output (ADR 0003: the mapping from form fields to columns is here, one function
 * per table) and runs in the app's write batcher (server/db/write-batcher.ts), so it is
 * group-committed and acknowledged only once on disk.
 *
 * Idempotency (issue #11.9): a submission's key is unique per table. A retry with the same
 * key finds the stored row and returns its reference; as the batcher runs one write at a
 * time, two concurrent sends of one key store one row.
 */
import { randomInt } from 'node:crypto';
import type { Insertable, Transaction } from 'kysely';
import type { WriteBatcher } from '../db/write-batcher';
import type { AppDatabase } from '../db/database';
import type { Database } from '../db/schema';
import type { AppointmentData } from '../../shared/schemas/appointment';
import type { JobApplicationData } from '../../shared/schemas/job-application';
import type { NewsletterData } from '../../shared/schemas/newsletter';
import type { ServiceOrderData } from '../../shared/schemas/service-order';
import type { TripPlanData } from '../../shared/schemas/trip-plan';
import type { InboxRow, RequestType } from '../../shared/requests';
import { addToInbox, type NewRequest } from './requests';

export type SubmissionTable =
  'newsletter_subscriptions' | 'job_applications' | 'service_orders' | 'appointments' | 'trip_plans';

/** Reference prefixes, one per table: what a visitor quotes when they call. */
export const referencePrefixes: Record<SubmissionTable, string> = {
  newsletter_subscriptions: 'SUB',
  job_applications: 'JOB',
  service_orders: 'ORD',
  appointments: 'APT',
  trip_plans: 'TRP',
};

// No 0/O, 1/I/L: easy to read aloud over the phone.
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const REFERENCE_LENGTH = 5;
const MAX_REFERENCE_ATTEMPTS = 8;

export function newReference(prefix: string): string {
  let code = '';
  for (let index = 0; index < REFERENCE_LENGTH; index++)
    code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${prefix}-${code}`;
}

type Row<T> = Omit<Insertable<T>, 'id' | 'reference' | 'created_at' | 'idempotency_key'>;

/** The stored row's reference; `created` is false when the key had already stored it. */
export type Stored = { reference: string; created: boolean };
/** A stored row with its id in the form's table (0 when a retry found the earlier row). */
type StoredRow = Stored & { id: number };

const findByKey = async (trx: Transaction<Database>, table: SubmissionTable, key: string | undefined) =>
  key
    ? ((await trx.selectFrom(table).select('reference').where('idempotency_key', '=', key).executeTakeFirst())
        ?.reference ?? null)
    : null;

/**
 * Inserts with a fresh reference, drawing again on the rare clash. Returns null when
 * nothing was stored and the clash was neither the key nor the reference (the
 * newsletter's unique address).
 */
async function insertOnce<T extends SubmissionTable>(
  trx: Transaction<Database>,
  table: T,
  key: string | undefined,
  values: Row<Database[T]>,
): Promise<StoredRow | null> {
  for (let attempt = 0; attempt < MAX_REFERENCE_ATTEMPTS; attempt++) {
    const reference = newReference(referencePrefixes[table]);
    const inserted = (await trx
      .insertInto(table)
      .values({ ...values, reference, idempotency_key: key ?? null, created_at: new Date().toISOString() } as never)
      .onConflict((conflict) => conflict.doNothing())
      .returning('id' as never)
      .executeTakeFirst()) as { id: number } | undefined;
    if (inserted) return { reference, created: true, id: inserted.id };
    const existing = await findByKey(trx, table, key);
    if (existing) return { reference: existing, created: false, id: 0 };
    if (table === 'newsletter_subscriptions') {
      const sameAddress = await trx
        .selectFrom('newsletter_subscriptions')
        .select('id')
        .where('email', '=', (values as Row<Database['newsletter_subscriptions']>).email)
        .executeTakeFirst();
      if (sameAddress) return null;
    }
    // The clash was on the reference: draw again.
  }
  throw new Error(`Could not draw a free reference for ${table}`);
}

export type NewsletterResult = ({ status: 'created' } & Stored) | { status: 'duplicate' };

/**
 * Stores an address once, without regard to case. SQLite runs one write at a
 * time and the unique index on lower(email) decides between concurrent sign-ups.
 */
export function insertNewsletterSubscription(writes: WriteBatcher, data: NewsletterData): Promise<NewsletterResult> {
  return writes.run(async (trx): Promise<NewsletterResult> => {
    const stored = await insertOnce(trx, 'newsletter_subscriptions', data.idempotencyKey, {
      email: data.email.toLowerCase(),
    });
    return stored
      ? { status: 'created', reference: stored.reference, created: stored.created }
      : { status: 'duplicate' };
  });
}

const stored = (value: StoredRow | null): StoredRow => {
  if (!value) throw new Error('Submission was not stored');
  return value;
};

/** Called in the storing transaction for a request seen for the first time (issue #13: the receipt e-mail). */
export type OnNewRequest = (trx: Transaction<Database>, request: NewRequest, inboxRow: InboxRow) => Promise<void>;

type RequestFields = Omit<NewRequest, 'type' | 'submissionId' | 'reference'>;

/** A stored request form; `inboxRow` is the inbox row it added, null when a retry found the earlier one. */
export type StoredRequest = Stored & { inboxRow: InboxRow | null };

/** Stores a request form's row and, the first time only, its inbox row: one transaction, all or nothing. */
function storeRequest<T extends Exclude<SubmissionTable, 'newsletter_subscriptions'>>(
  writes: WriteBatcher,
  table: T,
  key: string | undefined,
  values: Row<Database[T]>,
  inbox: RequestFields,
  onNewRequest?: OnNewRequest,
): Promise<StoredRequest> {
  return writes.run(async (trx) => {
    const row = stored(await insertOnce(trx, table, key, values));
    if (!row.created) return { reference: row.reference, created: false, inboxRow: null };
    const request: NewRequest = {
      ...inbox,
      type: requestTypeOf[table],
      submissionId: row.id,
      reference: row.reference,
    };
    const inboxRow = await addToInbox(trx, request);
    await onNewRequest?.(trx, request, inboxRow);
    return { reference: row.reference, created: true, inboxRow };
  });
}

const requestTypeOf = {
  job_applications: 'job_application',
  service_orders: 'service_order',
  appointments: 'appointment',
  trip_plans: 'trip_plan',
} as const satisfies Record<Exclude<SubmissionTable, 'newsletter_subscriptions'>, RequestType>;

/**
 * A request form's parsed data with its phone in E.164 (shared/phone.ts, called by the caller: this layer imports
 * only types from shared/), null when there is none or it is not a valid number.
 */
export type WithPhoneE164<T> = Omit<T, 'smsConsent' | 'whatsappConsent'> & { phoneE164: string | null };

const contact = (data: WithPhoneE164<{ fullName: string; email: string; phone: string | null }>) => ({
  fullName: data.fullName,
  email: data.email,
  phone: data.phone,
  phoneE164: data.phoneE164,
});

export const insertJobApplication = (
  writes: WriteBatcher,
  data: WithPhoneE164<JobApplicationData>,
  onNewRequest?: OnNewRequest,
) =>
  storeRequest(
    writes,
    'job_applications',
    data.idempotencyKey,
    {
      job_title: data.jobTitle,
      full_name: data.fullName,
      email: data.email,
      phone: data.phone,
      phone_e164: data.phoneE164,
      resume_link: data.resumeLink,
      cover_letter: data.coverLetter,
    },
    { ...contact(data), subject: data.jobTitle, requestedDate: null },
    onNewRequest,
  );

export const insertServiceOrder = (
  writes: WriteBatcher,
  data: WithPhoneE164<ServiceOrderData>,
  onNewRequest?: OnNewRequest,
) =>
  storeRequest(
    writes,
    'service_orders',
    data.idempotencyKey,
    {
      full_name: data.fullName,
      email: data.email,
      phone: data.phone,
      phone_e164: data.phoneE164,
      service_package: data.servicePackage,
      service_category: data.serviceCategory,
      message: data.message,
    },
    { ...contact(data), subject: data.servicePackage ?? data.serviceCategory, requestedDate: null },
    onNewRequest,
  );

export const insertAppointment = (
  writes: WriteBatcher,
  data: WithPhoneE164<AppointmentData>,
  onNewRequest?: OnNewRequest,
) =>
  storeRequest(
    writes,
    'appointments',
    data.idempotencyKey,
    {
      full_name: data.fullName,
      email: data.email,
      phone: data.phone,
      phone_e164: data.phoneE164,
      preferred_date: data.preferredDate,
      preferred_time: data.preferredTime,
      service_type: data.serviceType,
      message: data.message,
    },
    { ...contact(data), subject: data.serviceType, requestedDate: data.preferredDate },
    onNewRequest,
  );

export const insertTripPlan = (writes: WriteBatcher, data: WithPhoneE164<TripPlanData>, onNewRequest?: OnNewRequest) =>
  storeRequest(
    writes,
    'trip_plans',
    data.idempotencyKey,
    {
      destination: data.destination,
      departure_date: data.departureDate,
      return_date: data.returnDate,
      number_of_travelers: data.numberOfTravelers,
      accommodation_preference: data.accommodationPreference,
      activity_interests: data.activityInterests,
      full_name: data.fullName,
      email: data.email,
      phone: data.phone,
      phone_e164: data.phoneE164,
      additional_requests: data.additionalRequests,
    },
    { ...contact(data), subject: data.destination, requestedDate: data.departureDate },
    onNewRequest,
  );

/** Columns in the order staff see them in exports. */
export const submissionColumns: Record<SubmissionTable, string[]> = {
  newsletter_subscriptions: ['id', 'reference', 'created_at', 'email'],
  job_applications: [
    'id',
    'reference',
    'created_at',
    'job_title',
    'full_name',
    'email',
    'phone',
    'phone_e164',
    'resume_link',
    'cover_letter',
  ],
  service_orders: [
    'id',
    'reference',
    'created_at',
    'full_name',
    'email',
    'phone',
    'phone_e164',
    'service_category',
    'service_package',
    'message',
  ],
  appointments: [
    'id',
    'reference',
    'created_at',
    'full_name',
    'email',
    'phone',
    'phone_e164',
    'preferred_date',
    'preferred_time',
    'service_type',
    'message',
  ],
  trip_plans: [
    'id',
    'reference',
    'created_at',
    'destination',
    'departure_date',
    'return_date',
    'number_of_travelers',
    'accommodation_preference',
    'activity_interests',
    'full_name',
    'email',
    'phone',
    'phone_e164',
    'additional_requests',
  ],
};

export const isSubmissionTable = (name: string): name is SubmissionTable => Object.hasOwn(submissionColumns, name);

/** Rows of one table, oldest first, optionally from a date (YYYY-MM-DD, UTC) on. */
export async function listSubmissions(
  db: AppDatabase,
  table: SubmissionTable,
  since?: string,
): Promise<Record<string, unknown>[]> {
  let query = db.selectFrom(table).selectAll();
  if (since) query = query.where('created_at', '>=', since);
  return await query.orderBy('id').execute();
}

export async function countSubmissions(db: AppDatabase, table: SubmissionTable): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
