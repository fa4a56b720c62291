import { sql, type Kysely } from 'kysely';
import {
  autoIncrementPrimaryKey,
  createPostgresGuardTriggers,
  createTrigramIndexes,
  digitsOf,
  dropIndexes,
  dropPostgresGuardTriggers,
  engineOf,
  nocase,
  nocaseIndex,
  replacePostgresCheck,
} from '../server/db/dialect';

// Staff back office (issue #13). Migrations import only kysely and the dialect module, and use Kysely<any>: they
// are frozen in time.
//
// - `requests`: one inbox row per submission of the four request forms (the form's own table keeps every field).
//   Status, owner and the staff's message to the patient live here; the inbox lists, filters and pages this table.
// - `requests_search`: trigram full-text index over reference, name, e-mail and phone digits, kept by triggers
//   (PostgreSQL: trigram GIN indexes on the same expressions, which need no triggers).
// - `request_events`: the history, append-only (triggers refuse updates and deletes; the only update allowed is the
//   retention job blanking a body).
// - PostgreSQL can alter a CHECK constraint; SQLite rebuilds email_tokens.
// - users.deactivated_at; email_tokens learns the 'invite' kind; mail_outbox carries attachments (an .ics file).
const REQUEST_TYPES = `'appointment', 'service_order', 'trip_plan', 'job_application'`;
const REQUEST_STATUSES = `'new', 'in_progress', 'confirmed', 'done', 'cancelled'`;
// PostgreSQL's search indexes (server/data/requests.ts searches the same expressions).
const POSTGRES_SEARCH_INDEXES = {
  requests_search_reference: 'reference',
  requests_search_full_name: 'full_name',
  requests_search_email: 'email',
  requests_search_phone: digitsOf('phone'),
};

async function createSqliteRequestsSearch(db: Kysely<any>) {
  await sql
    .raw(
      `create virtual table requests_search using fts5(reference, full_name, email, phone, content='', contentless_delete=1, tokenize='trigram')`,
    )
    .execute(db);
  const searchRow = (row: 'new' | 'old') =>
    `(${row}.id, ${row}.reference, ${row}.full_name, ${row}.email, ${digitsOf(`${row}.phone`)})`;
  await sql
    .raw(
      `create trigger requests_search_insert after insert on requests begin
        insert into requests_search(rowid, reference, full_name, email, phone) values ${searchRow('new')};
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger requests_search_update after update of reference, full_name, email, phone on requests begin
        delete from requests_search where rowid = old.id;
        insert into requests_search(rowid, reference, full_name, email, phone) values ${searchRow('new')};
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger requests_search_delete after delete on requests begin
        delete from requests_search where rowid = old.id;
      end`,
    )
    .execute(db);
}

async function createSqliteGuardTriggers(db: Kysely<any>) {
  await sql
    .raw(
      `create trigger request_events_no_update before update on request_events
       when not (new.body is '[removed]' and new.id = old.id and new.request_id = old.request_id
                 and new.kind = old.kind and new.created_at = old.created_at)
       begin select raise(abort, 'request_events is append-only'); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger request_events_no_delete before delete on request_events
       begin select raise(abort, 'request_events is append-only'); end`,
    )
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('requests')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('type', 'text', (col) => col.notNull().check(sql.raw(`type in (${REQUEST_TYPES})`)))
    // The row's id in the form's own table (appointments, service_orders, trip_plans, job_applications).
    .addColumn('submission_id', 'integer', (col) => col.notNull())
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => nocase(db)(col.notNull()))
    .addColumn('phone', 'text')
    // What was asked for: the service, package, job or trip destination.
    .addColumn('subject', 'text', (col) => col.notNull())
    // YYYY-MM-DD: the appointment's preferred date or the trip's departure.
    .addColumn('requested_date', 'text')
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('new')
        .check(sql.raw(`status in (${REQUEST_STATUSES})`)),
    )
    .addColumn('owner_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    // Lagos wall-clock time 'YYYY-MM-DDTHH:MM' of a confirmed appointment.
    .addColumn('confirmed_for', 'text')
    // The staff's message to the patient (shown on their dashboard and in the e-mail).
    .addColumn('patient_message', 'text')
    .addColumn('cancel_reason', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    // Set on Done or Cancelled: retention counts from here.
    .addColumn('closed_at', 'text')
    .addColumn('anonymised_at', 'text')
    .addUniqueConstraint('requests_submission_unique', ['type', 'submission_id'])
    .execute();
  // Keyset paging walks id downwards; each filter has an index that ends in id.
  await db.schema.createIndex('requests_status_id').on('requests').columns(['status', 'id']).execute();
  await db.schema.createIndex('requests_type_id').on('requests').columns(['type', 'id']).execute();
  await db.schema.createIndex('requests_owner_id').on('requests').columns(['owner_id', 'id']).execute();
  await db.schema.createIndex('requests_created_at').on('requests').column('created_at').execute();
  await nocaseIndex(db, db.schema.createIndex('requests_email').on('requests'), 'email').execute();
  await db.schema.createIndex('requests_closed_at').on('requests').column('closed_at').execute();

  if (engineOf(db) === 'sqlite') await createSqliteRequestsSearch(db);
  else await createTrigramIndexes(db, 'requests', POSTGRES_SEARCH_INDEXES);

  await db.schema
    .createTable('request_events')

    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('request_id', 'integer', (col) => col.notNull().references('requests.id'))
    // The staff member who acted; null for the patient or the system.
    .addColumn('actor_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('actor_kind', 'text', (col) => col.notNull().check(sql`actor_kind in ('staff', 'patient', 'system')`))
    .addColumn('kind', 'text', (col) =>
      col.notNull().check(sql`kind in ('created', 'status', 'assigned', 'note', 'message')`),
    )
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('owner_id', 'integer')
    // A note, a message to the patient, a cancellation reason or the confirmed time.
    .addColumn('body', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('request_events_request').on('request_events').columns(['request_id', 'id']).execute();
  if (engineOf(db) === 'postgres')
    await createPostgresGuardTriggers(db, 'request_events', {
      allowedUpdate: `new.body is not distinct from '[removed]' and new.id = old.id and new.request_id = old.request_id
                      and new.kind = old.kind and new.created_at = old.created_at`,
      message: 'request_events is append-only',
    });
  else await createSqliteGuardTriggers(db);

  // Every stored request so far enters the inbox as New.
  const backfills: [string, string, string, string][] = [
    ['appointment', 'appointments', 'service_type', 'preferred_date'],
    ['service_order', 'service_orders', `coalesce(service_package, service_category)`, 'null'],
    ['trip_plan', 'trip_plans', 'destination', 'departure_date'],
    ['job_application', 'job_applications', 'job_title', 'null'],
  ];
  for (const [type, table, subject, requestedDate] of backfills) {
    await sql
      .raw(
        `insert into requests (reference, type, submission_id, full_name, email, phone, subject, requested_date, created_at, updated_at)
         select reference, '${type}', id, full_name, email, phone, ${subject}, ${requestedDate}, created_at, created_at from ${table} order by id`,
      )
      .execute(db);
  }
  await sql
    .raw(
      `insert into request_events (request_id, actor_kind, kind, to_status, created_at)
       select id, 'patient', 'created', 'new', created_at from requests order by id`,
    )
    .execute(db);

  await db.schema.alterTable('users').addColumn('deactivated_at', 'text').execute();

  if (engineOf(db) === 'postgres')
    await replacePostgresCheck(db, 'email_tokens', 'kind', `kind in ('confirm_email', 'reset_password', 'invite')`);
  else await rebuildEmailTokens(db, 'email_tokens_next', `kind in ('confirm_email', 'reset_password', 'invite')`);

  // JSON array of { filename, contentType, content } (text content, e.g. an .ics file).
  await db.schema.alterTable('mail_outbox').addColumn('attachments', 'text').execute();
}
/** SQLite cannot change a CHECK constraint: email_tokens is rebuilt with the new list of kinds. */
async function rebuildEmailTokens(db: Kysely<any>, next: string, kindCheck: string) {
  await db.schema
    .createTable(next)
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql.raw(kindCheck)))
    .addColumn('expires_at', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await sql`insert into ${sql.table(next)} select id, user_id, kind, expires_at, created_at from email_tokens`.execute(
    db,
  );
  await db.schema.dropTable('email_tokens').execute();
  await db.schema.alterTable(next).renameTo('email_tokens').execute();
  await db.schema.createIndex('email_tokens_user_id').on('email_tokens').columns(['user_id', 'kind']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('attachments').execute();
  await sql`delete from email_tokens where kind = 'invite'`.execute(db);
  if (engineOf(db) === 'postgres')
    await replacePostgresCheck(db, 'email_tokens', 'kind', `kind in ('confirm_email', 'reset_password')`);
  else await rebuildEmailTokens(db, 'email_tokens_previous', `kind in ('confirm_email', 'reset_password')`);
  await db.schema.alterTable('users').dropColumn('deactivated_at').execute();
  if (engineOf(db) === 'postgres') {
    await dropPostgresGuardTriggers(db, 'request_events');
    await dropIndexes(db, Object.keys(POSTGRES_SEARCH_INDEXES));
  } else await sql`drop trigger if exists request_events_no_delete`.execute(db);
  await db.schema.dropTable('request_events').execute();
  if (engineOf(db) === 'sqlite') await db.schema.dropTable('requests_search').execute();
  await db.schema.dropTable('requests').execute();
}
