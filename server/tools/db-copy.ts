/**
 * `npm run db:copy -- --to postgres://… [--from path/to/app.db]` (issue #16): copies the SQLite database (default:
 * DATA_DIR/app.db) into PostgreSQL. The target is migrated to the latest version first; every app table is copied in
 * foreign-key order with its ids, in one transaction, and the identity sequences are moved past the copied ids. Rows
 * already there are left alone, so a second run changes nothing. Ends with the row counts of both sides per table, and
 * exits 1 when any differ. The search indexes on PostgreSQL are ordinary indexes on the copied columns, so search
 * works on the copy at once.
 */
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { openPostgres } from '../db/app-database';
import { databaseFile } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { envSetting } from '../env';

const usage = 'Usage: npm run db:copy -- --to postgres://user@host:5432/db [--from path/to/app.db]';

/** Parents before children (foreign keys). A table missing here stops the copy: nothing is skipped silently. */
const TABLES_IN_ORDER = [
  'app_meta',
  'users',
  'sessions',
  'email_tokens',
  'mail_outbox',
  'newsletter_subscriptions',
  'job_applications',
  'service_orders',
  'appointments',
  'trip_plans',
  'requests',
  'request_events',
  'request_calls',
  'chat_conversations',
  'chat_messages',
  'chat_pending_replies',
  'chat_pending_followups',
  'chat_agent_reads',
  'chat_ratings',
  'chat_canned_replies',
  'chat_notes',
  'chat_attachments',
  'audit_events',
  'login_lockouts',
  'outbound_messages',
  'message_consents',
  'messaging_webhook_events',
  'messaging_early_receipts',
  // Booking (migrations/0090): clinicians and their schedule, then bookings (→ requests, clinicians) and what hangs
  // off a booking.
  'clinicians',
  'clinician_services',
  'clinician_hours',
  'clinician_blocks',
  'clinic_closures',
  'bookings',
  'booking_cells',
  'booking_reminders',
  'waitlist_offers',
  'staff_alert_settings',
  'chat_hand_backs',
];

/**
 * Tables the migrations seed (the first canned replies): on the target they are made equal to the source, since the
 * seeded rows carry the same ids as the source's possibly edited or deleted ones.
 */
const SEEDED_TABLES = new Set(['chat_canned_replies']);

/** SQLite's own tables, Kysely's bookkeeping, and the FTS5 search tables (PostgreSQL indexes the columns instead). */
const notCopied = (name: string) => /^(sqlite_|kysely_)|^requests_search|^chat_messages_search/.test(name);

const BATCH = 500;

type Row = Record<string, unknown>;

function parseCommandLine() {
  try {
    const { values } = parseArgs({
      options: { to: { type: 'string' }, from: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
    if (values.help) {
      process.stdout.write(`${usage}\n`);
      process.exit(0);
    }
    const to = values.to ?? envSetting('DATABASE_URL');
    if (!to || !/^postgres(ql)?:\/\//.test(to)) throw new Error('--to must be a postgres:// URL');
    return { to, from: values.from ?? databaseFile(envSetting('DATA_DIR')) };
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
    process.exit(64);
  }
}

async function main() {
  const { to, from } = parseCommandLine();
  const source = new SQLite(from, { readonly: true, fileMustExist: true });
  const { db } = openPostgres(to, { poolSize: 2 });
  try {
    await migrateToLatest(db);
    const applied = (name: string[]) => JSON.stringify(name);
    const sourceMigrations = (
      source.prepare('select name from kysely_migration order by name').all() as { name: string }[]
    ).map((row) => row.name);
    const targetMigrations = (await db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .orderBy('name' as never)
      .execute()) as { name: string }[];
    if (applied(sourceMigrations) !== applied(targetMigrations.map((row) => row.name)))
      throw new Error(`${from} is not at the latest migration: run \`npm run db:migrate\` on it first`);

    const tables = (
      source.prepare("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[]
    )
      .map((row) => row.name)
      .filter((name) => !notCopied(name));
    const unknown = tables.filter((name) => !TABLES_IN_ORDER.includes(name));
    if (unknown.length)
      throw new Error(`No copy order for table(s) ${unknown.join(', ')}: add them to TABLES_IN_ORDER`);

    const inserted = new Map<string, number>();
    await db.transaction().execute(async (trx) => {
      for (const table of TABLES_IN_ORDER.filter((name) => tables.includes(name))) {
        const columns = (
          source.prepare(`select name from pragma_table_info(?) order by cid`).all(table) as {
            name: string;
          }[]
        ).map((row) => row.name);
        const list = sql.join(columns.map((column) => sql.id(column)));
        let count = 0;
        if (SEEDED_TABLES.has(table)) {
          const ids = (source.prepare(`select id from ${table}`).all() as { id: number }[]).map((row) => row.id);
          await sql`delete from ${sql.table(table)} where not (id = any(${ids}))`.execute(trx);
        }
        // Rows already equal are not rewritten, so a second run reports nothing copied.
        const updated = columns.filter((column) => column !== 'id');
        const conflict = SEEDED_TABLES.has(table)
          ? sql`on conflict (id) do update set ${sql.join(
              updated.map((column) => sql`${sql.id(column)} = excluded.${sql.id(column)}`),
            )} where (${sql.join(updated.map((column) => sql`${sql.table(table)}.${sql.id(column)}`))})
              is distinct from (${sql.join(updated.map((column) => sql`excluded.${sql.id(column)}`))})`
          : sql`on conflict do nothing`;
        let batch: Row[] = [];
        const flush = async () => {
          if (!batch.length) return;
          const values = sql.join(batch.map((row) => sql`(${sql.join(columns.map((column) => row[column]))})`));
          const result = await sql`insert into ${sql.table(table)} (${list}) values ${values} ${conflict}`.execute(trx);
          count += Number(result.numAffectedRows ?? 0);
          batch = [];
        };
        for (const row of source.prepare(`select * from ${table} order by rowid`).iterate() as Iterable<Row>) {
          batch.push(row);
          if (batch.length === BATCH) await flush();
        }
        await flush();
        inserted.set(table, count);
      }
      // The next row the app inserts must not take a copied id.
      const identities = await sql<{ table_name: string; column_name: string }>`
        select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and is_identity = 'YES'`.execute(trx);
      for (const { table_name: table, column_name: column } of identities.rows) {
        await sql`select setval(pg_get_serial_sequence(${table}, ${column}),
          coalesce((select max(${sql.id(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
      }
    });

    let mismatches = 0;
    const lines = [['table', 'sqlite', 'postgres', 'copied now', '']];
    for (const table of TABLES_IN_ORDER.filter((name) => tables.includes(name))) {
      const expected = (source.prepare(`select count(*) as count from ${table}`).get() as { count: number }).count;
      const { rows } = await sql<{ count: number }>`select count(*) as count from ${sql.table(table)}`.execute(db);
      const actual = Number(rows[0]!.count);
      if (actual !== expected) mismatches++;
      lines.push([
        table,
        String(expected),
        String(actual),
        String(inserted.get(table) ?? 0),
        actual === expected ? 'ok' : 'MISMATCH',
      ]);
    }
    const widths = lines[0]!.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
    for (const line of lines)
      process.stdout.write(
        `${line
          .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
          .join('  ')
          .trimEnd()}\n`,
      );
    if (mismatches) {
      process.stderr.write(`${mismatches} table(s) differ in row count.\n`);
      process.exitCode = 1;
    } else process.stdout.write(`Copied ${from} into PostgreSQL: every table has the same number of rows.\n`);
  } finally {
    source.close();
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`db:copy failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
