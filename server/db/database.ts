import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type LogConfig,
  type QueryResult,
} from 'kysely';
import { DatabaseFault, isBusyError } from './database-fault';
import type { Database } from './schema';

export type AppDatabase = Kysely<Database>;

/**
 * better-sqlite3 is synchronous: SQLite's busy handler sleeps on the event loop. So the
 * handler only covers short clashes; longer waits are retried asynchronously (see
 * BusyRetryDriver), with the connection given back between attempts so /healthz and
 * other requests keep being answered (issue #11.4; it used to be 5000 ms).
 */
export const BUSY_TIMEOUT_MS = 10;

export type BusyPolicy = {
  /** How long a write keeps retrying a busy database before it is answered with 503. */
  maxWaitMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
};

export const DEFAULT_BUSY_POLICY: BusyPolicy = { maxWaitMs: 3000, firstDelayMs: 10, maxDelayMs: 250 };

/**
 * Opens the SQLite file (or ':memory:') with the pragmas that make it safe for
 * health data: WAL for concurrent readers, synchronous=FULL so an acknowledged
 * write survives power loss, foreign keys enforced, and a short busy timeout. `log` is Kysely's query log (the
 * statement-count test counts every statement, BEGIN and COMMIT included, through it).
 */
export function openDatabase(
  file: string,
  busyPolicy: BusyPolicy = DEFAULT_BUSY_POLICY,
  options: { log?: LogConfig } = {},
): { db: AppDatabase; sqlite: SQLite.Database } {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new BusyRetryDriver(sqlite, withStatementCache(sqlite), busyPolicy),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
  return { db: new Kysely<Database>({ dialect, ...(options.log ? { log: options.log } : {}) }), sqlite };
}

export const databaseFile = (dataDir: string) => path.join(dataDir, 'app.db');

const STATEMENT_CACHE_SIZE = 200;

type StatementSource = { prepare(query: string): SQLite.Statement };

/**
 * Kysely prepares every query afresh; preparing costs more than running a small insert.
 * Queries differ only in parameters, so a bounded cache of prepared statements (least
 * recently used goes first) serves nearly every query. A statement still being iterated
 * (a streamed select) is busy, so that caller gets a fresh one.
 */
function withStatementCache(sqlite: SQLite.Database): StatementSource {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(query: string) {
      const cached = statements.get(query);
      if (cached && !cached.busy) {
        statements.delete(query);
        statements.set(query, cached);
        return cached;
      }
      const statement = sqlite.prepare(query);
      if (cached) return statement;
      statements.set(query, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

/** One lock holder at a time: SQLite has one connection here, and a transaction owns it. */
class Mutex {
  #held: Promise<void> | null = null;
  #release: (() => void) | null = null;
  async lock() {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }
  unlock() {
    const release = this.#release;
    this.#held = null;
    this.#release = null;
    release?.();
  }
}

/**
 * Kysely's SqliteDriver with three changes:
 * - transactions begin IMMEDIATE, so a transaction takes the write lock at its start
 *   (where a busy answer is safe to retry) instead of failing half-way through;
 * - a busy answer outside a transaction (a BEGIN, or a statement on its own) is retried
 *   with growing delays; during each delay the connection is released, so other work
 *   (a /healthz read, say) goes on; when `maxWaitMs` is spent it throws DatabaseFault('busy');
 * - rollback is skipped when SQLite has already rolled the transaction back itself (it does
 *   on SQLITE_FULL, say), so the real cause is reported instead of 'cannot rollback - no
 *   transaction is active'.
 */
class BusyRetryDriver implements Driver {
  readonly #mutex = new Mutex();
  readonly #connection: DatabaseConnection;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly statements: StatementSource,
    private readonly policy: BusyPolicy,
  ) {
    this.#connection = {
      executeQuery: <R>(query: CompiledQuery) => this.#executeWithRetry(query) as Promise<QueryResult<R>>,
      streamQuery: <R>(query: CompiledQuery) => this.#stream(query) as AsyncIterableIterator<QueryResult<R>>,
    };
  }

  async init() {}

  async acquireConnection() {
    await this.#mutex.lock();
    return this.#connection;
  }

  releaseConnection() {
    this.#mutex.unlock();
    return Promise.resolve();
  }

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    if (this.sqlite.inTransaction) await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`rollback to "${name}"`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`release "${name}"`));
  }

  destroy() {
    this.sqlite.close();
    return Promise.resolve();
  }

  #run(query: CompiledQuery): QueryResult<unknown> {
    const statement = this.statements.prepare(query.sql);
    const parameters = query.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  async #executeWithRetry(query: CompiledQuery): Promise<QueryResult<unknown>> {
    const started = performance.now();
    let delay = this.policy.firstDelayMs;
    for (;;) {
      try {
        return this.#run(query);
      } catch (error) {
        // Inside a transaction a busy statement cannot be retried alone: the caller's transaction fails.
        if (!isBusyError(error)) throw error;
        if (this.sqlite.inTransaction || performance.now() - started + delay > this.policy.maxWaitMs) {
          throw new DatabaseFault('busy', { cause: error });
        }
      }
      // Not in a transaction, so nothing is lost if someone else uses the connection meanwhile.
      this.#mutex.unlock();
      await sleep(delay * (0.5 + Math.random() / 2));
      await this.#mutex.lock();
      delay = Math.min(delay * 2, this.policy.maxDelayMs);
    }
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- Kysely's contract; better-sqlite3 is sync
  async *#stream(query: CompiledQuery): AsyncIterableIterator<QueryResult<unknown>> {
    const statement = this.statements.prepare(query.sql);
    for (const row of statement.iterate(query.parameters)) yield { rows: [row] };
  }
}
