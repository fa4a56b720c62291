/**
 * `npm run export -- <table> [--since YYYY-MM-DD]`: writes one form table as CSV to
 * stdout, oldest first, so staff can read what arrived (a staff inbox comes later).
 * Reads the app's database like the server (DATABASE_URL, else DATA_DIR/app.db, opened read-only).
 */
import { isIsoDate } from '../../shared/lagos-date';
import { isSubmissionTable, listSubmissions, submissionColumns } from '../data/submissions';
import { openAppDatabaseReadOnly } from '../db/app-database';
import { databaseFile } from '../db/database';
import { loadEnv } from '../env';
import { toCsv } from '../data/csv';

const usage = `Usage: npm run export -- <table> [--since YYYY-MM-DD]\nTables: ${Object.keys(submissionColumns).join(', ')}`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(64);
}

const args = process.argv.slice(2);
const table = args[0];
if (!table || table === '--help' || table === '-h') fail('Name the table to export.');
if (!isSubmissionTable(table)) fail(`Unknown table: ${table}`);
let since: string | undefined;
const sinceAt = args.indexOf('--since');
if (sinceAt !== -1) {
  since = args[sinceAt + 1];
  if (!since || !isIsoDate(since)) fail('--since needs a date written YYYY-MM-DD.');
}

const env = loadEnv();
const opened = openAppDatabaseReadOnly(env);
if (!opened) fail(`No database at ${databaseFile(env.DATA_DIR)}: set DATA_DIR, or start the server once to create it.`);
try {
  const rows = await listSubmissions(opened.db, table, since);
  process.stdout.write(toCsv(submissionColumns[table], rows));
} finally {
  await opened.close();
}
