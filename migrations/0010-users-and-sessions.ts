import { sql, type Kysely } from 'kysely';
import { autoIncrementPrimaryKey, engineOf, epochMsType, nocase, nocaseIndex } from '../server/db/dialect';

// Accounts (issue #5). Migrations import only kysely and the dialect module, and use Kysely<any>: they
// are frozen in time.
// Times: created_at / email_confirmed_at are ISO-8601 UTC text; expires_at is epoch milliseconds (compared as numbers).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    // One account per address whatever its capitalisation (SQLite: COLLATE NOCASE; PostgreSQL: a unique index on
    // lower(email)); lookups compare the same way.
    .addColumn('email', 'text', (col) => nocase(db, { unique: true })(col.notNull()))
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('email_confirmed_at', 'text')
    .addColumn('role', 'text', (col) =>
      col
        .notNull()
        .defaultTo('patient')
        .check(sql`role in ('patient', 'agent', 'admin')`),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  if (engineOf(db) === 'postgres')
    await nocaseIndex(db, db.schema.createIndex('users_email_unique').on('users'), 'email', {
      uniqueOnPostgres: true,
    }).execute();

  await db.schema
    .createTable('sessions')
    // SHA-256 (hex) of the session token; the token itself is never stored.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', epochMsType(db), (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
