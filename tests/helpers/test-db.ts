import { sql } from 'kysely';
import { afterAll } from 'vitest';
import { openPostgres } from '../../server/db/app-database';
import { openDatabase, type AppDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { createSchema, dropSchema, testDatabaseUrl, testEngine, uniqueSchemaName } from './test-postgres';

// The engine and schema primitives live in test-postgres.ts (no vitest hooks there, so the browser globalSetup can
// use them); the callers of this module keep importing them from here.
export {
  DEFAULT_TEST_DATABASE_URL,
  createProcessDatabase,
  createSchema,
  dropSchema,
  schemaDatabaseUrl,
  testDatabaseUrl,
  testEngine,
  uniqueSchemaName,
  type ProcessDatabase,
  type TestEngine,
} from './test-postgres';

// Schemas of this test file still standing when it ends (a test that failed before its close): dropped then.
const openSchemas = new Map<string, AppDatabase>();
afterAll(async () => {
  for (const [schema, db] of openSchemas) {
    await db.destroy().catch(() => {});
    await dropSchema(schema);
  }
  openSchemas.clear();
});

/**
 * An empty PostgreSQL database of its own: a fresh schema on the test server, dropped when the returned db is
 * destroyed. `schema` is for the callers that hand the same schema to another process.
 */
export async function createPostgresTestDb(options: { poolSize?: number } = {}) {
  const schema = uniqueSchemaName();
  await createSchema(schema);
  const { db } = openPostgres(testDatabaseUrl(), { poolSize: options.poolSize ?? 4, searchPath: schema });
  const destroy = db.destroy.bind(db);
  openSchemas.set(schema, db);
  db.destroy = async () => {
    openSchemas.delete(schema);
    await destroy();
    await dropSchema(schema);
  };
  return { db, schema };
}

/** A fresh database migrated to the latest version: in-memory SQLite, or its own PostgreSQL schema. */
export async function createTestDb(): Promise<AppDatabase> {
  if (testEngine === 'postgres') {
    const { db } = await createPostgresTestDb();
    await migrateToLatest(db);
    return db;
  }
  const { db } = openDatabase(':memory:');
  await migrateToLatest(db);
  return db;
}

/**
 * Makes inserts into `table` fail with `message` (a storage fault the app did not expect), only for rows where `when`
 * holds (a condition on `new`) if given. Resolves with the function that stops it. On PostgreSQL `sqlState` gives the
 * error the server's own code, e.g. 53100 (disk full).
 */
export async function failInserts(
  db: AppDatabase,
  table: string,
  options: { message: string; when?: string; sqlState?: string },
): Promise<() => Promise<void>> {
  const name = `${table}_fail`;
  if (testEngine === 'sqlite') {
    await sql
      .raw(
        `create trigger ${name} before insert on ${table} ${options.when ? `when ${options.when}` : ''}
         begin select raise(abort, '${options.message}'); end`,
      )
      .execute(db);
    return async () => void (await sql.raw(`drop trigger ${name}`).execute(db));
  }
  await sql
    .raw(
      `create function ${name}() returns trigger language plpgsql as $$ begin raise exception '${options.message}'
       ${options.sqlState ? `using errcode = '${options.sqlState}'` : ''}; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${name} before insert on ${table} for each row ${options.when ? `when (${options.when})` : ''}
       execute function ${name}()`,
    )
    .execute(db);
  return async () => {
    await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
    await sql.raw(`drop function ${name}()`).execute(db);
  };
}
