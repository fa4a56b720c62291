import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';

/** A fresh in-memory SQLite database migrated to the latest version. */
export async function createTestDb() {
  const { db } = openDatabase(':memory:');
  await migrateToLatest(db);
  return db;
}
