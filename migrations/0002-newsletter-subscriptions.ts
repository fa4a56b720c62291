import { sql, type Kysely } from 'kysely';
import { autoIncrementPrimaryKey, isoNowDefault } from '../server/db/dialect';

// Migrations import only kysely and the dialect module, and use Kysely<any>: they are frozen in time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('newsletter_subscriptions')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(isoNowDefault(db)))
    .execute();
  await db.schema
    .createIndex('newsletter_subscriptions_created_at')
    .on('newsletter_subscriptions')
    .column('created_at')
    .execute();
  // Unique without regard to case: the app stores lower case, and the index refuses any other spelling too.
  await db.schema
    .createIndex('newsletter_subscriptions_email_unique')
    .on('newsletter_subscriptions')
    .unique()
    .expression(sql`lower(email)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('newsletter_subscriptions').execute();
}
