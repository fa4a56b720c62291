import { sql, type Kysely } from 'kysely';
import { autoIncrementPrimaryKey } from '../server/db/dialect';

// The front desk's triage (issue #29.6, #29.7).
// - `requests.due_at`: the ISO UTC instant the inbox sorts open work by: a confirmed appointment's time, otherwise
//   when the request came in (so the rest sort by age). Kept by the writes that set either.
// - `requests.next_call_at`: ISO UTC instant of the next call try from the latest call log entry, shown in the inbox.
// - `request_calls`: the structured call log, append-only like the history it is shown in.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('requests').addColumn('due_at', 'text').execute();
  await db.schema.alterTable('requests').addColumn('next_call_at', 'text').execute();
  await sql`update requests set due_at = created_at`.execute(db);
  // confirmed_for is Lagos wall-clock 'YYYY-MM-DDTHH:MM' (UTC+1 all year): converted row by row, alike on both engines.
  const confirmed = await db
    .selectFrom('requests')
    .select(['id', 'confirmed_for'])
    .where('status', '=', 'confirmed')
    .where('confirmed_for', 'is not', null)
    .execute();
  for (const row of confirmed as { id: number; confirmed_for: string }[])
    await db
      .updateTable('requests')
      .set({ due_at: new Date(`${row.confirmed_for}:00+01:00`).toISOString() })
      .where('id', '=', row.id)
      .execute();
  await db.schema.createIndex('requests_due').on('requests').columns(['due_at', 'id']).execute();

  await db.schema
    .createTable('request_calls')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('request_id', 'integer', (col) => col.notNull().references('requests.id'))
    .addColumn('actor_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('outcome', 'text', (col) =>
      col.notNull().check(sql`outcome in ('reached', 'no_answer', 'wrong_number')`),
    )
    // Lagos wall-clock 'YYYY-MM-DDTHH:MM' of the next try, when one is planned.
    .addColumn('next_try_for', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('request_calls_request').on('request_calls').columns(['request_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('request_calls').execute();
  await db.schema.dropIndex('requests_due').execute();
  await db.schema.alterTable('requests').dropColumn('next_call_at').execute();
  await db.schema.alterTable('requests').dropColumn('due_at').execute();
}
