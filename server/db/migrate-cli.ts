import { loadEnv } from '../env';
import { databaseFile, openDatabase } from './database';
import { migrateToLatest } from './migrate';

const env = loadEnv();
const { db } = openDatabase(databaseFile(env.DATA_DIR));
const results = await migrateToLatest(db);
for (const result of results) console.log(`${result.status}: ${result.migrationName}`);
console.log(results.length ? `Applied ${results.length} migration(s).` : 'Database is up to date.');
await db.destroy();
