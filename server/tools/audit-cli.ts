/**
 * `npm run audit -- [--since YYYY-MM-DD] [--type login.failure]`: prints the security audit log
 * (audit_events, issue #11.7) oldest first, one event per line, for whoever investigates an
 * incident. Dates are UTC, as stored. Reads DATA_DIR like the server; opens the database read-only.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { isIsoDate } from '../../shared/lagos-date';
import { auditEvents, type AuditEventRow } from '../data/audit-events';
import { databaseFile } from '../db/database';
import type { Database } from '../db/schema';
import { loadEnv } from '../env';

const usage = 'Usage: npm run audit -- [--since YYYY-MM-DD] [--type <event type>]';

function fail(message: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(64);
}

let values: { since?: string; type?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: { since: { type: 'string' }, type: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
if (values.since !== undefined && !isIsoDate(values.since))
  fail(`--since needs a real date written YYYY-MM-DD (UTC), e.g. 2026-01-31; got "${values.since}".`);

const columns: [string, (row: AuditEventRow) => string | number | null][] = [
  ['id', (row) => row.id],
  ['time (UTC)', (row) => row.createdAt],
  ['type', (row) => row.type],
  ['actor', (row) => row.actorUserId],
  ['email', (row) => row.maskedEmail],
  ['ip', (row) => row.ip],
  ['subject', (row) => row.subject],
  ['detail', (row) => row.detail],
];

/** Aligned columns; control characters are shown escaped so a stored value cannot forge a line. */
function formatTable(rows: AuditEventRow[]): string {
  const cell = (value: string | number | null) =>
    value === null
      ? '-'
      : String(value).replace(
          // eslint-disable-next-line no-control-regex -- finding control characters is the point
          /[\u0000-\u001f\u007f]/g,
          (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`,
        );
  const table = [columns.map(([name]) => name), ...rows.map((row) => columns.map(([, read]) => cell(read(row))))];
  const widths = columns.map((_, index) => Math.max(...table.map((line) => line[index]!.length)));
  return table
    .map((line) =>
      line
        .map((text, index) => (index === line.length - 1 ? text : text.padEnd(widths[index]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const file = databaseFile(loadEnv().DATA_DIR);
if (!fs.existsSync(file)) fail(`No database at ${file}: set DATA_DIR, or start the server once to create it.`);
const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
if (!sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'audit_events'").get()) {
  sqlite.close();
  fail(`The database at ${file} has no audit log yet: start the server once (or run npm run db:migrate).`);
}
const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
try {
  const rows = (await auditEvents.list(db, { since: values.since })).filter(
    (row) => !values.type || row.type === values.type,
  );
  process.stdout.write(`${formatTable(rows)}\n`);
  process.stderr.write(
    `${rows.length} event(s)${values.since ? ` since ${values.since}` : ''}${values.type ? ` of type ${values.type}` : ''}.\n`,
  );
} finally {
  await db.destroy();
}
