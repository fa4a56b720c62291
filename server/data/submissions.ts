/**
 * Kysely queries for the stored public forms (issue #4).
 *
 * Group commit: inserts that arrive while the database is busy are written in one
 * transaction, so one fsync (synchronous=FULL) covers many rows, and each caller's
 * promise resolves only after that commit: an acknowledged row is on disk. Each
 * write runs inside its own savepoint, so a failing one is rolled back whole (nothing
 * half-stored) without failing its neighbours.
 */
import { randomInt } from 'node:crypto';
import { sql, type Insertable, type Transaction } from 'kysely';
import type { AppDatabase } from '../db/database';
import type { AppointmentsTable, Database, JobApplicationsTable, ServiceOrdersTable, TripPlansTable } from '../db/schema';

type Write<T> = (trx: Transaction<Database>) => Promise<T>;
type Pending = { write: Write<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };
type WriteQueue = { pending: Pending[]; scheduled: boolean };

const queues = new WeakMap<AppDatabase, WriteQueue>();

/** Runs `write` in the next group commit and resolves once that transaction has committed. */
export function groupCommit<T>(db: AppDatabase, write: Write<T>): Promise<T> {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = { pending: [], scheduled: false }));
  const promise = new Promise<T>((resolve, reject) => queue.pending.push({ write, resolve: resolve as (value: unknown) => void, reject }));
  if (!queue.scheduled) {
    queue.scheduled = true;
    setImmediate(() => void flush(db, queue));
  }
  return promise;
}

async function flush(db: AppDatabase, queue: WriteQueue) {
  const batch = queue.pending.splice(0);
  try {
    const outcomes = await db.transaction().execute(async (trx) => {
      const results: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
      for (const item of batch) {
        await sql`savepoint submission`.execute(trx);
        try {
          results.push({ ok: true, value: await item.write(trx) });
          await sql`release submission`.execute(trx);
        } catch (error) {
          await sql`rollback to submission`.execute(trx);
          await sql`release submission`.execute(trx);
          results.push({ ok: false, error });
        }
      }
      return results;
    });
    outcomes.forEach((outcome, index) => (outcome.ok ? batch[index]!.resolve(outcome.value) : batch[index]!.reject(outcome.error)));
  } catch (error) {
    // The commit itself failed: nothing in the batch is stored.
    for (const item of batch) item.reject(error);
  } finally {
    if (queue.pending.length) setImmediate(() => void flush(db, queue));
    else queue.scheduled = false;
  }
}

export type SubmissionTable = 'newsletter_subscriptions' | 'job_applications' | 'service_orders' | 'appointments' | 'trip_plans';

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
  for (let index = 0; index < REFERENCE_LENGTH; index++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${prefix}-${code}`;
}

export const REFERENCE_PATTERN = /^(SUB|JOB|ORD|APT|TRP)-[2-9A-HJKMNP-Z]{5}$/;

type Row<T> = Omit<Insertable<T>, 'id' | 'reference' | 'created_at'>;

/** Inserts with a fresh reference, drawing again on the rare clash. */
async function insertWithReference<T extends SubmissionTable>(
  db: Transaction<Database>,
  table: T,
  values: Row<Database[T]>,
): Promise<string | null> {
  for (let attempt = 0; attempt < MAX_REFERENCE_ATTEMPTS; attempt++) {
    const reference = newReference(referencePrefixes[table]);
    const result = await db
      .insertInto(table)
      .values({ ...values, reference, created_at: new Date().toISOString() } as never)
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    if (result.numInsertedOrUpdatedRows === 1n) return reference;
    if (table === 'newsletter_subscriptions') return null;
  }
  throw new Error(`Could not draw a free reference for ${table}`);
}

export type NewsletterResult = { status: 'created'; reference: string } | { status: 'duplicate' };

/**
 * Stores an address once, without regard to case. SQLite runs one write at a
 * time and the unique index on lower(email) decides between concurrent sign-ups.
 */
export function insertNewsletterSubscription(db: AppDatabase, email: string): Promise<NewsletterResult> {
  const normalised = email.toLowerCase();
  return groupCommit(db, async (trx): Promise<NewsletterResult> => {
    for (let attempt = 0; attempt < MAX_REFERENCE_ATTEMPTS; attempt++) {
      const reference = await insertWithReference(trx, 'newsletter_subscriptions', { email: normalised });
      if (reference) return { status: 'created', reference };
      const existing = await trx.selectFrom('newsletter_subscriptions').select('id').where('email', '=', normalised).executeTakeFirst();
      if (existing) return { status: 'duplicate' };
      // The clash was on the reference, not the address: draw again.
    }
    throw new Error('Could not store the newsletter subscription');
  });
}

const insertRow = <T extends Exclude<SubmissionTable, 'newsletter_subscriptions'>>(table: T) => (db: AppDatabase, row: Row<Database[T]>) =>
  groupCommit(db, (trx) => insertWithReference(trx, table, row) as Promise<string>);

export const insertJobApplication: (db: AppDatabase, row: Row<JobApplicationsTable>) => Promise<string> = insertRow('job_applications');
export const insertServiceOrder: (db: AppDatabase, row: Row<ServiceOrdersTable>) => Promise<string> = insertRow('service_orders');
export const insertAppointment: (db: AppDatabase, row: Row<AppointmentsTable>) => Promise<string> = insertRow('appointments');
export const insertTripPlan: (db: AppDatabase, row: Row<TripPlansTable>) => Promise<string> = insertRow('trip_plans');

/** Columns in the order staff see them in exports. */
export const submissionColumns: Record<SubmissionTable, string[]> = {
  newsletter_subscriptions: ['id', 'reference', 'created_at', 'email'],
  job_applications: ['id', 'reference', 'created_at', 'job_title', 'full_name', 'email', 'phone', 'resume_link', 'cover_letter'],
  service_orders: ['id', 'reference', 'created_at', 'full_name', 'email', 'phone', 'service_category', 'service_package', 'message'],
  appointments: ['id', 'reference', 'created_at', 'full_name', 'email', 'phone', 'preferred_date', 'preferred_time', 'service_type', 'message'],
  trip_plans: [
    'id', 'reference', 'created_at', 'destination', 'departure_date', 'return_date', 'number_of_travelers',
    'accommodation_preference', 'activity_interests', 'full_name', 'email', 'phone', 'additional_requests',
  ],
};

export const isSubmissionTable = (name: string): name is SubmissionTable => Object.hasOwn(submissionColumns, name);

/** Rows of one table, oldest first, optionally from a date (YYYY-MM-DD, UTC) on. */
export async function listSubmissions(db: AppDatabase, table: SubmissionTable, since?: string): Promise<Record<string, unknown>[]> {
  let query = db.selectFrom(table).selectAll();
  if (since) query = query.where('created_at', '>=', since);
  return (await query.orderBy('id').execute()) as Record<string, unknown>[];
}

export async function countSubmissions(db: AppDatabase, table: SubmissionTable): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}
