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
import { sql, type Insertable, type Transaction } from 'kysely';
import type { WriteBatcher } from '../db/write-batcher';
import type { AppDatabase } from '../db/database';
import type { Database } from '../db/schema';
import type { AppointmentData } from '../../shared/schemas/appointment';
import type { JobApplicationData } from '../../shared/schemas/job-application';
import type { NewsletterData } from '../../shared/schemas/newsletter';
import type { ServiceOrderData } from '../../shared/schemas/service-order';
import type { TripPlanData } from '../../shared/schemas/trip-plan';
import type { InboxRow, RequestType } from '../../shared/requests';
import { engineOf } from '../db/dialect';
import { mailOutbox, mailValues, type OutgoingMail } from './mail-outbox';
import {
  addToInbox,
  CREATED_EVENT,
  eventValues,
  inboxValues,
  PATIENT,
  toInboxRow,
  type NewRequest,
  type UnstoredRequest,
} from './requests';

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

/** The four forms that open a request in the staff inbox. */
type RequestTable = Exclude<SubmissionTable, 'newsletter_subscriptions'>;

type Row<T> = Omit<Insertable<T>, 'id' | 'reference' | 'created_at' | 'idempotency_key'>;

/** The stored row's reference; `created` is false when the key had already stored it. */
export type Stored = { reference: string; created: boolean };

const findByKey = async (trx: Transaction<Database>, table: SubmissionTable, key: string | undefined) =>
  key
    ? ((await trx.selectFrom(table).select('reference').where('idempotency_key', '=', key).executeTakeFirst())
        ?.reference ?? null)
    : null;

/** The stored row (`inserted`), or null in `inserted` when the key had already stored the row of `reference`. */
type Drawn<R> = { reference: string; inserted: R | null };

/**
 * Stores with a fresh reference, drawing again on the rare clash. `insert` stores with the reference it is given and
 * answers undefined when its first insert was refused (on conflict do nothing). Returns null when nothing was stored
 * and the clash was neither the key nor the reference but `clashedElsewhere` (the newsletter's unique address).
 */
async function withFreshReference<R>(
  trx: Transaction<Database>,
  table: SubmissionTable,
  key: string | undefined,
  insert: (reference: string) => Promise<R | undefined>,
  clashedElsewhere: () => Promise<boolean> = () => Promise.resolve(false),
): Promise<Drawn<R> | null> {
  for (let attempt = 0; attempt < MAX_REFERENCE_ATTEMPTS; attempt++) {
    const reference = newReference(referencePrefixes[table]);
    const inserted = await insert(reference);
    if (inserted) return { reference, inserted };
    const existing = await findByKey(trx, table, key);
    if (existing) return { reference: existing, inserted: null };
    if (await clashedElsewhere()) return null;
    // The clash was on the reference: draw again.
  }
  throw new Error(`Could not draw a free reference for ${table}`);
}

/** The form's own row as `reference` stores it. */
const formRowValues = <T extends SubmissionTable>(
  key: string | undefined,
  values: Row<Database[T]>,
  reference: string,
  now: string,
) => ({ ...values, reference, idempotency_key: key ?? null, created_at: now }) as never;

/** Inserts the form's own row; undefined when a unique column (the key, the reference, an address) refused it. */
const insertFormRow =
  <T extends SubmissionTable>(
    trx: Transaction<Database>,
    table: T,
    key: string | undefined,
    values: Row<Database[T]>,
  ) =>
  async (reference: string, now = new Date().toISOString()) =>
    (await trx
      .insertInto(table)
      .values(formRowValues(key, values, reference, now))
      .onConflict((conflict) => conflict.doNothing())
      .returning('id' as never)
      .executeTakeFirst()) as { id: number } | undefined;

export type NewsletterResult = ({ status: 'created' } & Stored) | { status: 'duplicate' };

/**
 * Stores an address once, without regard to case. SQLite runs one write at a
 * time and the unique index on lower(email) decides between concurrent sign-ups.
 */
export function insertNewsletterSubscription(writes: WriteBatcher, data: NewsletterData): Promise<NewsletterResult> {
  return writes.run(async (trx): Promise<NewsletterResult> => {
    const email = data.email.toLowerCase();
    const drawn = await withFreshReference(
      trx,
      'newsletter_subscriptions',
      data.idempotencyKey,
      insertFormRow(trx, 'newsletter_subscriptions', data.idempotencyKey, { email }),
      async () =>
        (await trx
          .selectFrom('newsletter_subscriptions')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirst()) !== undefined,
    );
    return drawn
      ? { status: 'created', reference: drawn.reference, created: drawn.inserted !== null }
      : { status: 'duplicate' };
  });
}

/** Called in the storing transaction for a request seen for the first time, once its inbox row is stored. */
export type OnNewRequest = (trx: Transaction<Database>, request: NewRequest, inboxRow: InboxRow) => Promise<void>;

/** What a request seen for the first time stores beside its inbox row, in the same transaction. */
export type AlongWithRequest = {
  /**
   * The patient's receipt (issue #13), queued with the request itself: on PostgreSQL by the same statement, so it is
   * built before the form's row has an id.
   */
  receipt?: (request: UnstoredRequest) => OutgoingMail;
  /** Further writes once the inbox row is stored (consents, texts, a booking). */
  onNew?: OnNewRequest;
};

type RequestFields = Omit<NewRequest, 'type' | 'submissionId' | 'reference'>;

/** A stored request form; `inboxRow` is the inbox row it added, null when a retry found the earlier one. */
export type StoredRequest = Stored & { inboxRow: InboxRow | null };

type NewInboxRequest = { request: NewRequest; inboxRow: InboxRow };

/** Values as an INSERT ... SELECT's select list (PostgreSQL infers each parameter's type from its column). */
const asSelected = (values: Record<string, unknown>) =>
  Object.entries(values).map(([column, value]) => sql`${value}`.as(column));

/** One request form to store, with the reference a draw gives it (`withFreshReference`). */
type RequestWrite<T extends RequestTable> = {
  trx: Transaction<Database>;
  table: T;
  key: string | undefined;
  values: Row<Database[T]>;
  fields: Omit<UnstoredRequest, 'reference'>;
  receipt: AlongWithRequest['receipt'];
};

/**
 * PostgreSQL: the form's row, its inbox row, the inbox's first event and the receipt in one statement, one round trip
 * instead of four (issue #31, ADR 0057). Each later insert selects from the one before it, so a refused first insert
 * (its key or its reference already stored) stores nothing and answers no row. A statement is atomic: it stores all of
 * them or none.
 */
function insertRequestInOneStatement<T extends RequestTable>({
  trx,
  table,
  key,
  values,
  fields,
  receipt,
}: RequestWrite<T>) {
  return async (reference: string): Promise<NewInboxRequest | undefined> => {
    const now = Date.now();
    const stamp = new Date(now).toISOString();
    const unstored = { ...fields, reference };
    const { submission_id: _submission, ...inbox } = inboxValues({ ...unstored, submissionId: 0 }, stamp);
    const { request_id: _request, ...event } = eventValues(0, PATIENT, CREATED_EVENT, stamp);
    const chain = trx
      .with('submission', (db) =>
        db
          .insertInto(table)
          .values(formRowValues(key, values, reference, stamp))
          .onConflict((conflict) => conflict.doNothing())
          .returning('id' as never),
      )
      .with('request', (db) =>
        db
          .insertInto('requests')
          .columns([...Object.keys(inbox), 'submission_id'] as never)
          .expression(
            db.selectFrom('submission').select([...asSelected(inbox), sql<number>`submission.id`.as('submission_id')]),
          )
          .returningAll(),
      )
      .with('event', (db) =>
        db
          .insertInto('request_events')
          .columns([...Object.keys(event), 'request_id'] as never)
          .expression(db.selectFrom('request').select([...asSelected(event), 'request.id'])),
      );
    // Typed as the chain without the receipt: the final select reads only `request`.
    const query = (
      receipt
        ? chain.with('receipt', (db) => {
            const mail = mailValues(receipt(unstored), now);
            return db
              .insertInto('mail_outbox')
              .columns(Object.keys(mail) as never)
              .expression(db.selectFrom('request').select(asSelected(mail)));
          })
        : chain
    ) as typeof chain;
    const row = await query.selectFrom('request').selectAll().executeTakeFirst();
    if (!row) return undefined;
    const request = { ...fields, reference, submissionId: row.submission_id };
    return { request, inboxRow: toInboxRow({ ...row, owner_name: null }) };
  };
}

/** SQLite: the same writes one by one (it has no writes in WITH, and nothing leaves its process). */
function insertRequestOneByOne<T extends RequestTable>({ trx, table, key, values, fields, receipt }: RequestWrite<T>) {
  const insertRow = insertFormRow(trx, table, key, values);
  return async (reference: string): Promise<NewInboxRequest | undefined> => {
    const now = Date.now();
    const row = await insertRow(reference, new Date(now).toISOString());
    if (!row) return undefined;
    const request = { ...fields, reference, submissionId: row.id };
    const inboxRow = await addToInbox(trx, request, new Date(now).toISOString());
    if (receipt) await mailOutbox.insert(trx, receipt(request), now);
    return { request, inboxRow };
  };
}

/** Stores a request form's row and, the first time only, its inbox row: one transaction, all or nothing. */
function storeRequest<T extends RequestTable>(
  writes: WriteBatcher,
  table: T,
  key: string | undefined,
  values: Row<Database[T]>,
  inbox: RequestFields,
  along: AlongWithRequest = {},
): Promise<StoredRequest> {
  return writes.run(async (trx) => {
    const fields = { ...inbox, type: requestTypeOf[table] };
    const insert = engineOf(trx) === 'postgres' ? insertRequestInOneStatement : insertRequestOneByOne;
    const drawn = await withFreshReference(
      trx,
      table,
      key,
      insert({ trx, table, key, values, fields, receipt: along.receipt }),
    );
    if (!drawn) throw new Error('Submission was not stored');
    if (!drawn.inserted) return { reference: drawn.reference, created: false, inboxRow: null };
    const { request, inboxRow } = drawn.inserted;
    await along.onNew?.(trx, request, inboxRow);
    return { reference: drawn.reference, created: true, inboxRow };
  });
}

const requestTypeOf = {
  job_applications: 'job_application',
  service_orders: 'service_order',
  appointments: 'appointment',
  trip_plans: 'trip_plan',
} as const satisfies Record<RequestTable, RequestType>;

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
  along?: AlongWithRequest,
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
    along,
  );

export const insertServiceOrder = (
  writes: WriteBatcher,
  data: WithPhoneE164<ServiceOrderData>,
  along?: AlongWithRequest,
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
    along,
  );

export const insertAppointment = (
  writes: WriteBatcher,
  data: WithPhoneE164<AppointmentData>,
  along?: AlongWithRequest,
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
    along,
  );

export const insertTripPlan = (writes: WriteBatcher, data: WithPhoneE164<TripPlanData>, along?: AlongWithRequest) =>
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
    along,
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
