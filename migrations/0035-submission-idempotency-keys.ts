import { type Kysely } from 'kysely';

// Issue #11.9: each form submission carries a key the browser makes and keeps across retries of
// that submission, so a retry after a lost answer finds the stored row instead of adding a second.
// Null for rows stored before this migration (and for clients that send no key).
const tables = ['newsletter_subscriptions', 'job_applications', 'service_orders', 'appointments', 'trip_plans'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of tables) {
    await db.schema.alterTable(table).addColumn('idempotency_key', 'text').execute();
    await db.schema.createIndex(`${table}_idempotency_key`).unique().on(table).column('idempotency_key').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of tables) {
    await db.schema.dropIndex(`${table}_idempotency_key`).execute();
    await db.schema.alterTable(table).dropColumn('idempotency_key').execute();
  }
}
