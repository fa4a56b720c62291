import { sql, type Kysely } from 'kysely';
import { autoIncrementPrimaryKey, isoNowDefault } from '../server/db/dialect';

// Migrations import only kysely and the dialect module, and use Kysely<any>: they are frozen in time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trip_plans')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('destination', 'text', (col) => col.notNull())
    .addColumn('departure_date', 'text')
    .addColumn('return_date', 'text')
    .addColumn('number_of_travelers', 'integer', (col) => col.notNull().check(sql`number_of_travelers >= 1`))
    .addColumn('accommodation_preference', 'text')
    .addColumn('activity_interests', 'text')
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('additional_requests', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(isoNowDefault(db)))
    .execute();
  await db.schema.createIndex('trip_plans_created_at').on('trip_plans').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('trip_plans').execute();
}
