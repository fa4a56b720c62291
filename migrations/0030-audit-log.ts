import { type Kysely } from 'kysely';
import { autoIncrementPrimaryKey } from '../server/db/dialect';

// Security audit log (issue #11): append-only; the app never updates or deletes a row.
// E-mails are stored masked (a***@example.com), never in full, and no token or password ever is.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    // What happened, e.g. 'login.failure' (server/audit/audit-log.ts lists them all).
    .addColumn('type', 'text', (col) => col.notNull())
    // Who did it, when known (an account or a staff member); kept if the account is deleted.
    .addColumn('actor_user_id', 'integer')
    .addColumn('masked_email', 'text')
    .addColumn('ip', 'text')
    // What it was done to, e.g. 'conversation:12' or 'user:7'.
    .addColumn('subject', 'text')
    // Small JSON object of non-personal details (reason, role, count).
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_events_created_at').on('audit_events').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_events').execute();
}
