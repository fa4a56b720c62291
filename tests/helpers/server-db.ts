/**
 * The browser-test server's database (tests/helpers/browser-global-setup.ts), on whichever engine the project runs:
 * SQLite DATA_DIR/app.db (WAL allows a second connection) or the server's PostgreSQL schema.
 */
import { inject } from 'vitest';
import type { AppDatabase } from '../../server/db/database';
import { openDatabaseEnv } from './test-postgres';

/** A connection to the browser-test server's database (a small pool on PostgreSQL): destroy it after use. */
export const openServerDatabase = (): AppDatabase => openDatabaseEnv(inject('serverDatabase'));

/** Runs `work` on the browser-test server's database, then closes the connection. */
export async function withServerDb<T>(work: (db: AppDatabase) => Promise<T>): Promise<T> {
  const db = openServerDatabase();
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}
