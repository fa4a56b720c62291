import type { Kysely } from 'kysely';
import { autoIncrementPrimaryKey, isoNowDefault } from '../server/db/dialect';

// Migrations import only kysely and the dialect module, and use Kysely<any>: they are frozen in time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_applications')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('job_title', 'text', (col) => col.notNull())
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('resume_link', 'text', (col) => col.notNull())
    .addColumn('cover_letter', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(isoNowDefault(db)))
    .execute();
  await db.schema.createIndex('job_applications_created_at').on('job_applications').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_applications').execute();
}
