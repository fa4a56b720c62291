import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { AppDatabase } from './database';

const migrationsDir = fileURLToPath(new URL('../../migrations', import.meta.url));

/** Loads migrations/NNNN-name.ts in name order; works under tsx and vitest alike. */
class MigrationFolderProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(migrationsDir)).filter((file) => /^\d{4}-.+\.ts$/.test(file)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.replace(/\.ts$/, '')] = (await import(pathToFileURL(path.join(migrationsDir, file)).href)) as Migration;
    }
    return migrations;
  }
}

export const createMigrator = (db: AppDatabase) => new Migrator({ db, provider: new MigrationFolderProvider() });

function unwrap({ error, results }: MigrationResultSet) {
  const failed = results?.find((result) => result.status === 'Error');
  if (error) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  return results ?? [];
}

export async function migrateToLatest(db: AppDatabase) {
  return unwrap(await createMigrator(db).migrateToLatest());
}

export async function migrateDownAll(db: AppDatabase) {
  const migrator = createMigrator(db);
  const { NO_MIGRATIONS } = await import('kysely');
  return unwrap(await migrator.migrateTo(NO_MIGRATIONS));
}
