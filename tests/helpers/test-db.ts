import { sql, type LogConfig } from 'kysely';
import pg from 'pg';
import { afterAll } from 'vitest';
import { openPostgres } from '../../server/db/app-database';
import { DEFAULT_BUSY_POLICY, openDatabase, type AppDatabase } from '../../server/db/database';
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
export async function createPostgresTestDb(options: { poolSize?: number; acquireTimeoutMs?: number } = {}) {
  const schema = uniqueSchemaName();
  await createSchema(schema);
  const { db } = openPostgres(testDatabaseUrl(), {
    poolSize: options.poolSize ?? 4,
    searchPath: schema,
    acquireTimeoutMs: options.acquireTimeoutMs,
  });
  const destroy = db.destroy.bind(db);
  openSchemas.set(schema, db);
  db.destroy = async () => {
    openSchemas.delete(schema);
    await destroy();
    await dropSchema(schema);
  };
  return { db, schema };
}

/**
 * What the migrations leave in a PostgreSQL schema: the rows they seed, the sequences' positions, and a fingerprint of
 * the schema's objects. Migrating a schema costs about 0.6 s on PostgreSQL (≈ 50 ms on SQLite), so a test file's
 * first createTestDb migrates and the later ones take back a schema an earlier test destroyed, emptied to exactly
 * this state. A schema whose objects a test changed (a trigger left behind, a column added) is dropped, not reused.
 */
type MigratedState = {
  tables: string[];
  seedRows: { table: string; rows: string }[];
  sequences: { name: string; lastValue: string | null }[];
  fingerprint: string;
};
let migratedState: MigratedState | null = null;
const spareSchemas: string[] = [];
afterAll(async () => {
  for (const schema of spareSchemas.splice(0)) await dropSchema(schema);
});

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

async function withClient<T>(schema: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    await client.query(`set search_path to ${quoted(schema)}`);
    return await work(client);
  } finally {
    await client.end();
  }
}

const fingerprintOf = async (client: pg.Client, schema: string) =>
  (
    await client.query<{ fingerprint: string }>(
      `select concat_ws(':',
         (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1),
         (select count(*) from pg_attribute a join pg_class c on c.oid = a.attrelid
            join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and a.attnum > 0 and not a.attisdropped),
         (select count(*) from pg_constraint k join pg_namespace n on n.oid = k.connamespace where n.nspname = $1),
         (select count(*) from pg_trigger t join pg_class c on c.oid = t.tgrelid
            join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1),
         (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = $1)
       ) as fingerprint`,
      [schema],
    )
  ).rows[0]!.fingerprint;

async function readMigratedState(schema: string): Promise<MigratedState> {
  return withClient(schema, async (client) => {
    const tables = (
      await client.query<{ name: string }>(
        `select tablename as name from pg_tables where schemaname = $1 and tablename not like 'kysely_migration%'
         order by tablename`,
        [schema],
      )
    ).rows.map((row) => row.name);
    const seedRows = (
      await client.query<{ table: string; rows: string | null }>(
        tables
          .map(
            (table) => `select ${literal(table)} as table, (select json_agg(t)::text from ${quoted(table)} t) as rows`,
          )
          .join(' union all '),
      )
    ).rows.flatMap((row) => (row.rows ? [{ table: row.table, rows: row.rows }] : []));
    const sequences = (
      await client.query<{ name: string; lastValue: string | null }>(
        `select sequencename as name, last_value::text as "lastValue" from pg_sequences where schemaname = $1`,
        [schema],
      )
    ).rows;
    return { tables, seedRows, sequences, fingerprint: await fingerprintOf(client, schema) };
  });
}

/** Empties a schema back to what the migrations left; false when its objects changed (it is then not reused). */
async function resetToMigrated(schema: string, state: MigratedState): Promise<boolean> {
  return withClient(schema, async (client) => {
    if ((await fingerprintOf(client, schema)) !== state.fingerprint) return false;
    await client.query(
      [
        `truncate table ${state.tables.map(quoted).join(', ')} restart identity cascade`,
        ...state.seedRows.map(
          ({ table, rows }) =>
            `insert into ${quoted(table)} select * from json_populate_recordset(null::${quoted(table)}, ${literal(rows)})`,
        ),
        ...state.sequences.map(({ name, lastValue }) =>
          lastValue === null
            ? `select setval(${literal(quoted(name))}, 1, false)`
            : `select setval(${literal(quoted(name))}, ${Number(lastValue)}, true)`,
        ),
      ].join(';\n'),
    );
    return true;
  });
}

async function migratedPostgresTestDb(log?: LogConfig): Promise<AppDatabase> {
  const spare = spareSchemas.pop();
  const schema = spare ?? uniqueSchemaName();
  if (!spare) await createSchema(schema);
  const { db } = openPostgres(testDatabaseUrl(), { poolSize: 4, searchPath: schema, log });
  if (!spare) {
    await migrateToLatest(db);
    migratedState ??= await readMigratedState(schema);
  } else {
    // Kysely's destroy does nothing for a db that never ran a query: a test that destroys it to see the app fail
    // (logger.test.ts) must find it really closed, as after a migration.
    await sql`select 1`.execute(db);
  }
  const destroy = db.destroy.bind(db);
  openSchemas.set(schema, db);
  db.destroy = async () => {
    openSchemas.delete(schema);
    await destroy();
    if (migratedState && (await resetToMigrated(schema, migratedState).catch(() => false))) spareSchemas.push(schema);
    else await dropSchema(schema);
  };
  return db;
}

/**
 * A fresh database migrated to the latest version: in-memory SQLite, or its own PostgreSQL schema. `log`: Kysely's
 * query log (tests/server/statement-counts.test.ts).
 */
export async function createTestDb(options: { log?: LogConfig } = {}): Promise<AppDatabase> {
  if (testEngine === 'postgres') return migratedPostgresTestDb(options.log);
  const { db } = openDatabase(':memory:', DEFAULT_BUSY_POLICY, { log: options.log });
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
