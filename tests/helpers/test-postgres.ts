/**
 * The test engine and the PostgreSQL test schemas, without vitest hooks: the browser suite's globalSetup (vitest's main
 * process) uses them as well as the tests. tests/helpers/test-db.ts re-exports them.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openAppDatabase } from '../../server/db/app-database';
import type { AppDatabase } from '../../server/db/database';

export type TestEngine = 'sqlite' | 'postgres';

/**
 * Which engine the database-touching suites run on: the `unit-postgres` and `browser-postgres` projects
 * (vite.config.ts) set TEST_DB_ENGINE=postgres, the `unit` and `browser` projects run them on SQLite.
 */
export const testEngine: TestEngine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const testDatabaseUrl = () => process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;

/** A schema name no other process or call uses, so parallel runs on one PostgreSQL never meet. */
export const uniqueSchemaName = () => `t_${process.pid}_${randomBytes(5).toString('hex')}`;

/** Runs one statement on a connection of its own (another node, or the test's own housekeeping). */
export async function adminQuery(text: string) {
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

/** The test server's URL with every table in `schema` (libpq's `options`), for a process that reads DATABASE_URL. */
export function schemaDatabaseUrl(schema: string): string {
  const url = new URL(testDatabaseUrl());
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/**
 * Where a server process keeps its data, as its own settings: DATA_DIR (the outbox, and app.db on SQLite) and, on
 * PostgreSQL, DATABASE_URL naming its schema. Plain values, so vitest can hand them from a globalSetup to the tests.
 */
export type DatabaseEnv = { DATA_DIR: string; DATABASE_URL?: string };

/** A second connection to that database, on either engine (a small pool): destroy it after use. */
export const openDatabaseEnv = (env: DatabaseEnv): AppDatabase => openAppDatabase({ ...env, DATABASE_POOL_SIZE: 2 }).db;

/** A database a child process (the real server, a tool) uses too: the env that points it there, and `open` for here. */
export type ProcessDatabase = {
  env: DatabaseEnv;
  open: () => AppDatabase;
  /** Drops the PostgreSQL schema (SQLite: the caller removes DATA_DIR). */
  drop: () => Promise<void>;
};

/**
 * The database in `dataDir` (SQLite: DATA_DIR/app.db), or on PostgreSQL a fresh schema that DATABASE_URL names through
 * libpq's `options` parameter. `engine` defaults to this process's test engine.
 */
export async function createProcessDatabase(
  dataDir: string,
  engine: TestEngine = testEngine,
): Promise<ProcessDatabase> {
  if (engine === 'sqlite') {
    const env = { DATA_DIR: dataDir };
    return { env, open: () => openDatabaseEnv(env), drop: async () => {} };
  }
  const schema = uniqueSchemaName();
  await createSchema(schema);
  const env = { DATA_DIR: dataDir, DATABASE_URL: schemaDatabaseUrl(schema) };
  return { env, open: () => openDatabaseEnv(env), drop: () => dropSchema(schema) };
}
