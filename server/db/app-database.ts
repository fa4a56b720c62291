/**
 * The app's database, whichever engine serves it (issue #16, ADR 0026): PostgreSQL when DATABASE_URL is set (several
 * app nodes share it), else the SQLite file DATA_DIR/app.db. The server, the migration command and the staff tools
 * open it here and nowhere else.
 */
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type LogConfig } from 'kysely';
import pg from 'pg';
import type { Env } from '../env';
import { databaseFile, openDatabase, type AppDatabase } from './database';
import { engineOf, type Engine } from './dialect';
import { preparingPool } from './prepared-statements';
import type { Database } from './schema';

export type OpenedDatabase = { db: AppDatabase; engine: Engine; close: () => Promise<void> };

type DatabaseSettings = Pick<Env, 'DATA_DIR' | 'DATABASE_URL' | 'DATABASE_POOL_SIZE'>;

export function openAppDatabase(env: DatabaseSettings): OpenedDatabase {
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL, { poolSize: env.DATABASE_POOL_SIZE });
  const { db } = openDatabase(databaseFile(env.DATA_DIR));
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

// pg returns int8 (count(*), sum) and numeric (avg) as strings, to keep precision; the app's numbers are ids, counts
// and epoch milliseconds, all well inside 2^53, and SQLite hands them over as numbers.
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID) return (value: string) => Number.parseInt(value, 10);
    if (oid === NUMERIC_OID) return (value: string) => Number.parseFloat(value);
    return pg.types.getTypeParser(oid, format) as unknown;
  }) as typeof pg.types.getTypeParser,
};

/**
 * A PostgreSQL pool behind Kysely. `searchPath` puts every table in one schema (each test run gets its own). Times stay
 * ISO-8601 text columns, as on SQLite, so no date parser is involved. `log` is Kysely's query log (as openDatabase's).
 */
export function openPostgres(
  url: string,
  options: { poolSize: number; searchPath?: string; acquireTimeoutMs?: number; log?: LogConfig },
): OpenedDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize,
    // A request waits this long for a free connection, as a SQLite write waits for the lock (DEFAULT_BUSY_POLICY),
    // before it is answered 503 (database-fault.ts) instead of hanging while PostgreSQL is away or the pool is full.
    connectionTimeoutMillis: options.acquireTimeoutMs ?? 3000,
    types,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // An idle connection that breaks (a PostgreSQL restart) is dropped by the pool; without a listener the event would
  // end the process. The next query opens a fresh connection, and a failing one reports its own error.
  pool.on('error', () => {});
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: preparingPool(pool) }),
    ...(options.log ? { log: options.log } : {}),
  });
  poolSizes.set(db, options.poolSize);
  return { db, engine: 'postgres', close: () => db.destroy() };
}

const poolSizes = new WeakMap<AppDatabase, number>();

/**
 * The write batcher's lanes for `db` (ADR 0053): one on SQLite (one writer); on PostgreSQL `wanted`, but always fewer
 * than the pool's connections, so that a read is never left waiting for a connection every lane holds.
 */
export function writeLanesFor(db: AppDatabase, wanted: number): number {
  const poolSize = poolSizes.get(db);
  if (engineOf(db) === 'sqlite' || poolSize === undefined) return 1;
  return Math.max(1, Math.min(wanted, poolSize - 1));
}

/**
 * For the staff tools that only read (export, audit): PostgreSQL as the server opens it, or the SQLite file opened
 * read-only, so a tool never creates or changes it. Null when there is no SQLite file yet.
 */
export function openAppDatabaseReadOnly(env: DatabaseSettings): OpenedDatabase | null {
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL, { poolSize: 1 });
  const file = databaseFile(env.DATA_DIR);
  if (!fs.existsSync(file)) return null;
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SQLite(file, { readonly: true, fileMustExist: true }) }),
  });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}
