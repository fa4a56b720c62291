import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BUSY_TIMEOUT_MS, openDatabase } from '../../../server/db/database';
import { migrateDownAll, migrateToLatest } from '../../../server/db/migrate';

const tableNames = async (db: ReturnType<typeof openDatabase>['db']) =>
  (
    await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(
      db,
    )
  ).rows.map((row) => row.name);

describe('migrations', () => {
  it('run every migration up, then every one down, leaving no table behind', async () => {
    const { db } = openDatabase(':memory:');
    const up = await migrateToLatest(db);
    expect(up.length).toBeGreaterThan(0);
    expect(up.every((result) => result.status === 'Success')).toBe(true);
    expect(await tableNames(db)).toContain('app_meta');
    const down = await migrateDownAll(db);
    expect(down.every((result) => result.status === 'Success')).toBe(true);
    expect(await tableNames(db)).toEqual([]);
    await db.destroy();
  });

  it('open the database with the durability pragmas', () => {
    const { sqlite } = openDatabase(':memory:');
    expect(sqlite.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS);
    sqlite.close();
  });
});
