import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Database } from './schema';

export type AppDatabase = Kysely<Database>;

/**
 * Opens the SQLite file (or ':memory:') with the pragmas that make it safe for
 * health data: WAL for concurrent readers, synchronous=FULL so an acknowledged
 * write survives power loss, foreign keys enforced, and a busy timeout.
 */
export function openDatabase(file: string): { db: AppDatabase; sqlite: SQLite.Database } {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, sqlite };
}

export const databaseFile = (dataDir: string) => path.join(dataDir, 'app.db');

const STATEMENT_CACHE_SIZE = 200;

/**
 * Kysely prepares every query afresh; preparing costs more than running a small insert.
 * Queries differ only in parameters, so a bounded cache of prepared statements (least
 * recently used goes first) serves nearly every query. A statement still being iterated
 * (a streamed select) is busy, so that caller gets a fresh one.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
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
