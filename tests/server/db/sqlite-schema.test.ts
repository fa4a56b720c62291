import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';

/**
 * Deployed SQLite databases never run a migration twice, so what the migrations create on SQLite must not change when
 * they learn another engine (issue #16: they route their dialect-specific parts through server/db/dialect.ts).
 * sqlite-schema.json is sqlite_master as the migrations made it before PostgreSQL support.
 */
describe('the SQLite schema', () => {
  it('is exactly what the migrations created before PostgreSQL support', async () => {
    const { db, sqlite } = openDatabase(':memory:');
    await migrateToLatest(db);
    const rows = sqlite
      .prepare("select type, name, tbl_name, sql from sqlite_master where name not like 'kysely_%' order by type, name")
      .all();
    const expected: unknown = JSON.parse(fs.readFileSync(new URL('./sqlite-schema.json', import.meta.url), 'utf8'));
    expect(rows).toEqual(expected);
    await db.destroy();
  });
});
