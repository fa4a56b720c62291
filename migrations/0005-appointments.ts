import type { Kysely } from 'kysely';
import { autoIncrementPrimaryKey, isoNowDefault } from '../server/db/dialect';

// Migrations import only kysely and the dialect module, and use Kysely<any>: they are frozen in time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('appointments')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('preferred_date', 'text', (col) => col.notNull())
    .addColumn('preferred_time', 'text')
    .addColumn('service_type', 'text', (col) => col.notNull())
    .addColumn('message', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(isoNowDefault(db)))
    .execute();
  await db.schema.createIndex('appointments_created_at').on('appointments').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('appointments').execute();
}
