import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  Migrator,
  sql,
  type DatabaseIntrospector,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely';
import type { AppDatabase } from './database';
import { engineOf } from './dialect';
import { withoutPreparing } from './prepared-statements';

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
 * Kysely's PostgreSQL introspection lists the tables of every schema of the database, asking has_schema_privilege of
 * each: a schema another process drops meanwhile (a parallel test file, a second app) makes that query fail with
 * 'schema … does not exist'. The migrator only asks whether its own two tables and its schema exist, so it is given a
 * view of the database that looks in `schema` alone.
 */
function scopedToSchema(db: AppDatabase, schema: string): AppDatabase {
  const introspection: DatabaseIntrospector = {
    getSchemas: async () =>
      (
        await sql<{
          name: string;
        }>`select nspname as name from pg_catalog.pg_namespace where nspname = ${schema}`.execute(db)
      ).rows,
    getTables: async () =>
      (
        await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = ${schema}`.execute(db)
      ).rows.map(({ name }) => ({ name, schema, isView: false, columns: [] })),
    getMetadata: async () => ({ tables: await introspection.getTables() }),
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      // Kysely's methods use private fields: they must run on the real instance.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * On PostgreSQL the migrator is told its schema (the connection's current one): otherwise it looks for its own tables
 * in every schema of the database, takes another schema's for its own, and never creates them in this one.
 */
export async function createMigrator(db: AppDatabase) {
  if (engineOf(db) !== 'postgres') return new Migrator({ db, provider: new MigrationFolderProvider() });
  const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]!.schema;
  return new Migrator({
    db: scopedToSchema(db, schema),
    provider: new MigrationFolderProvider(),
    migrationTableSchema: schema,
  });
}

function unwrap({ error, results }: MigrationResultSet) {
  const failed = results?.find((result) => result.status === 'Error');
  if (!error) return results ?? [];
  const reason = error instanceof Error ? String(error) : JSON.stringify(error);
  throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
}

export async function migrateToLatest(db: AppDatabase) {
  return unwrap(await withoutPreparing(async () => (await createMigrator(db)).migrateToLatest()));
}

export async function migrateDownAll(db: AppDatabase) {
  const migrator = await createMigrator(db);
  const { NO_MIGRATIONS } = await import('kysely');
  return unwrap(await withoutPreparing(() => migrator.migrateTo(NO_MIGRATIONS)));
}
