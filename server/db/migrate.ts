import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, sql, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { AppDatabase } from './database';
import { engineOf } from './dialect';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Where the migrations are: compiled beside the server bundle (dist/server/migrations/*.mjs,
 * written by `npm run build`), or the sources (migrations/*.ts) under tsx and vitest.
 */
export async function findMigrations(): Promise<{ dir: string; files: string[] }> {
  const candidates = [
    { dir: path.join(here, 'migrations'), pattern: /^\d{4}-.+\.mjs$/ },
    { dir: path.resolve(here, '../../migrations'), pattern: /^\d{4}-.+\.ts$/ },
  ];
  for (const { dir, pattern } of candidates) {
    const files = (await fs.readdir(dir).catch(() => [])).filter((file) => pattern.test(file)).sort();
    if (files.length) return { dir, files };
  }
  throw new Error(`No migrations found (looked in ${candidates.map((candidate) => candidate.dir).join(' and ')})`);
}

/** Loads NNNN-name migrations in name order; the name leaves out the extension, so .ts and .mjs agree. */
class MigrationFolderProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const { dir, files } = await findMigrations();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.replace(/\.(ts|mjs)$/, '')] = (await import(
        pathToFileURL(path.join(dir, file)).href
      )) as Migration;
    }
    return migrations;
  }
}

/**
 * On PostgreSQL the migrator is told its schema (the connection's current one): otherwise it looks for its own tables
 * in every schema of the database, takes another schema's for its own, and never creates them in this one.
 */
export async function createMigrator(db: AppDatabase) {
  const migrationTableSchema =
    engineOf(db) === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  return new Migrator({ db, provider: new MigrationFolderProvider(), migrationTableSchema });
}

function unwrap({ error, results }: MigrationResultSet) {
  const failed = results?.find((result) => result.status === 'Error');
  if (!error) return results ?? [];
  const reason = error instanceof Error ? String(error) : JSON.stringify(error);
  throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
}

export async function migrateToLatest(db: AppDatabase) {
  return unwrap(await (await createMigrator(db)).migrateToLatest());
}

export async function migrateDownAll(db: AppDatabase) {
  const migrator = await createMigrator(db);
  const { NO_MIGRATIONS } = await import('kysely');
  return unwrap(await migrator.migrateTo(NO_MIGRATIONS));
}
