/**
 * `npx tsx tests/server/db/write-sqlite-schema.mts`: writes sqlite-schema.json (read by sqlite-schema.test.ts) from a
 * fresh in-memory database migrated to the latest version: sqlite_master in the test's order, two-space JSON and a
 * final newline, as the file has always been laid out. Run it when a migration adds to the schema, and read the diff:
 * only the new migration's tables and indexes may appear in it.
 */
import fs from 'node:fs';
import { openDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';

const { db, sqlite } = openDatabase(':memory:');
await migrateToLatest(db);
const rows = sqlite
  .prepare("select type, name, tbl_name, sql from sqlite_master where name not like 'kysely_%' order by type, name")
  .all();
await db.destroy();
const file = new URL('./sqlite-schema.json', import.meta.url);
fs.writeFileSync(file, `${JSON.stringify(rows, null, 2)}\n`);
console.log(`Wrote ${rows.length} entries to ${file.pathname}`);
