import type { Kysely } from 'kysely';
import { autoIncrementPrimaryKey, isoNowDefault } from '../server/db/dialect';

// Migrations import only kysely and the dialect module, and use Kysely<any>: they are frozen in time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('service_orders')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('service_package', 'text')
    .addColumn('service_category', 'text', (col) => col.notNull())
    .addColumn('message', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(isoNowDefault(db)))
    .execute();
  await db.schema.createIndex('service_orders_created_at').on('service_orders').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('service_orders').execute();
}
