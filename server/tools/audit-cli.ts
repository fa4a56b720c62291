/**
 * `npm run audit -- [--since YYYY-MM-DD] [--type login.failure]`: prints the security audit log
 * (audit_events, issue #11.7) oldest first, one event per line, for whoever investigates an
 * incident. Dates are UTC, as stored. Reads the app's database like the server (DATABASE_URL, else DATA_DIR/app.db,
 * opened read-only).
 */
import { parseArgs } from 'node:util';
import { isIsoDate } from '../../shared/lagos-date';
import { auditEvents, type AuditEventRow } from '../data/audit-events';
import { openAppDatabaseReadOnly } from '../db/app-database';
import { databaseFile } from '../db/database';
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

const env = loadEnv();
const opened = openAppDatabaseReadOnly(env);
if (!opened) fail(`No database at ${databaseFile(env.DATA_DIR)}: set DATA_DIR, or start the server once to create it.`);
const { db } = opened;
if (!(await db.introspection.getTables()).some((table) => table.name === 'audit_events')) {
  await opened.close();
  fail(`The database has no audit log yet: start the server once (or run npm run db:migrate).`);
}
try {
  const rows = (await auditEvents.list(db, { since: values.since })).filter(
    (row) => !values.type || row.type === values.type,
  );
  process.stdout.write(`${formatTable(rows)}\n`);
  process.stderr.write(
    `${rows.length} event(s)${values.since ? ` since ${values.since}` : ''}${values.type ? ` of type ${values.type}` : ''}.\n`,
  );
} finally {
  await opened.close();
}
