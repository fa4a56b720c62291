import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, sqlite };
}

export const databaseFile = (dataDir: string) => path.join(dataDir, 'app.db');
