import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll } from 'vitest';
import { openPostgres } from '../../server/db/app-database';
import { databaseFile, openDatabase, type AppDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';

/**
 * Which engine the database-touching suites run on: the `unit-postgres` project (vite.config.ts) sets
 * TEST_DB_ENGINE=postgres, the `unit` project runs them on SQLite.
 */
export const testEngine: 'sqlite' | 'postgres' = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const testDatabaseUrl = () => process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;

/** A schema name no other process or call uses, so parallel runs on one PostgreSQL never meet. */
export const uniqueSchemaName = () => `t_${process.pid}_${randomBytes(5).toString('hex')}`;

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export const createSchema = (schema: string) => adminQuery(`create schema ${schema}`);
export const dropSchema = (schema: string) => adminQuery(`drop schema if exists ${schema} cascade`);

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

/** A database a child process (the real server, a tool) uses too: the env that points it there, and `open` for here. */
export type ProcessDatabase = {
  env: Record<string, string>;
  open: () => AppDatabase;
  /** Drops the PostgreSQL schema (SQLite: the caller removes DATA_DIR). */
  drop: () => Promise<void>;
};

/**
 * The database in `dataDir` (SQLite: DATA_DIR/app.db), or in the unit-postgres project a fresh PostgreSQL schema that
 * DATABASE_URL names through libpq's `options` parameter.
 */
export async function createProcessDatabase(dataDir: string): Promise<ProcessDatabase> {
  if (testEngine === 'sqlite')
    return { env: { DATA_DIR: dataDir }, open: () => openDatabase(databaseFile(dataDir)).db, drop: async () => {} };
  const schema = uniqueSchemaName();
  await createSchema(schema);
  const url = new URL(testDatabaseUrl());
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openPostgres(testDatabaseUrl(), { poolSize: 2, searchPath: schema }).db,
    drop: () => dropSchema(schema),
  };
}

/**
 * Makes inserts into `table` fail with `message` (a storage fault the app did not expect), only for rows where `when`
 * holds (a condition on `new`) if given. Resolves with the function that stops it.
 */
export async function failInserts(
  db: AppDatabase,
  table: string,
  options: { message: string; when?: string },
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
      `create function ${name}() returns trigger language plpgsql as $$ begin raise exception '${options.message}'; end $$`,
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
