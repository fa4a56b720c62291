import { loadEnv } from '../env';
import { openAppDatabase } from './app-database';
import { migrateToLatest } from './migrate';

const env = loadEnv();
const { db } = openAppDatabase(env);
const results = await migrateToLatest(db);
for (const result of results) console.log(`${result.status}: ${result.migrationName}`);
console.log(results.length ? `Applied ${results.length} migration(s).` : 'Database is up to date.');
await db.destroy();
