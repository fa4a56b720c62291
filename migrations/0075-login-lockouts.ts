import { sql, type Kysely } from 'kysely';
import { epochMsType } from '../server/db/dialect';

// Lock-outs after too many failed log-ins (issue #24): security state, so it lives here and survives a Redis that
// restarts empty (the failure counters stay in Redis, or in memory). One row per locked account or address:
// `subject` is the SHA-256 (hex) of 'account:<address>' or 'ip:<address>', so no e-mail or IP is stored;
// `locked_until` is epoch milliseconds (compared as numbers), `locked_at` ISO-8601 UTC text.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_lockouts')
    .addColumn('subject', 'text', (col) => col.primaryKey())
    .addColumn('scope', 'text', (col) => col.notNull().check(sql`scope in ('account', 'ip')`))
    .addColumn('locked_until', epochMsType(db), (col) => col.notNull())
    .addColumn('locked_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('login_lockouts_locked_until').on('login_lockouts').column('locked_until').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_lockouts').execute();
}
