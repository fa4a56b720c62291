/**
 * `npm run export -- <table> [--since YYYY-MM-DD]`: writes one form table as CSV to
 * stdout, oldest first, so staff can read what arrived (a staff inbox comes later).
 * Reads DATA_DIR like the server; opens the database read-only.
 */
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { isIsoDate } from '../../shared/lagos-date';
import { isSubmissionTable, listSubmissions, submissionColumns } from '../data/submissions';
import { databaseFile } from '../db/database';
import type { Database } from '../db/schema';
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

const file = databaseFile(loadEnv().DATA_DIR);
if (!fs.existsSync(file)) fail(`No database at ${file}: set DATA_DIR, or start the server once to create it.`);
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: new SQLite(file, { readonly: true, fileMustExist: true }) }),
});
try {
  const rows = await listSubmissions(db, table, since);
  process.stdout.write(toCsv(submissionColumns[table], rows));
} finally {
  await db.destroy();
}
