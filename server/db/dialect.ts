/**
 * Everything that differs between SQLite and PostgreSQL (issue #16, ADR 0026), for the migrations and the data layer
 * alike. It imports only kysely, so the migrations (frozen in time) may use it; whatever it emits for SQLite must never
 * change, because deployed SQLite databases do not run their migrations again (tests/server/db/sqlite-schema.test.ts
 * holds the SQLite schema the migrations produce).
 *
 * PostgreSQL keeps the SQLite column types where they mean the same (ISO-8601 text for times, integer flags), so the
 * data layer reads the same values from both engines.
 */
import {
  PostgresAdapter,
  sql,
  type ColumnDataType,
  type ColumnDefinitionBuilder,
  type CreateIndexBuilder,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/** Which engine a Kysely instance (or a transaction of it) talks to. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database schema: migrations use Kysely<any>
export const engineOf = (db: Kysely<any>): Engine =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
type AnyDb = Kysely<any>;
type Column = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

// ---------------------------------------------------------------------------------------------------------------
// Schema (migrations)
// ---------------------------------------------------------------------------------------------------------------

/**
 * An integer primary key numbered by the database. PostgreSQL: an identity "by default", so a copy from SQLite
 * (npm run db:copy) can keep the ids it inserts.
 */
export const autoIncrementPrimaryKey =
  (db: AnyDb): Column =>
  (col) =>
    engineOf(db) === 'sqlite' ? col.primaryKey().autoIncrement() : col.generatedByDefaultAsIdentity().primaryKey();

/** Default of a created_at column: now as ISO-8601 UTC text with milliseconds ('2026-11-25T20:25:10.123Z'). */
export const isoNowDefault = (db: AnyDb): RawBuilder<string> =>
  engineOf(db) === 'sqlite'
    ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`
    : sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

/** Epoch milliseconds: SQLite's integer holds 64 bits, PostgreSQL's only 32. */
export const epochMsType = (db: AnyDb): ColumnDataType => (engineOf(db) === 'sqlite' ? 'integer' : 'bigint');

/** Bytes in a row (ADR 0050): SQLite's blob, PostgreSQL's bytea; both drivers read them as a Buffer. */
export const bytesType = (db: AnyDb): ColumnDataType => (engineOf(db) === 'sqlite' ? 'blob' : 'bytea');

/**
 * A text column that compares without regard to case. SQLite: COLLATE NOCASE on the column (and `unique` inline).
 * PostgreSQL has no such collation that still allows LIKE, so the column stays plain and `lowerIndex` indexes
 * lower(column); lookups go through `textEqualsIgnoreCase`.
 */
export const nocase =
  (db: AnyDb, options: { unique?: boolean } = {}): Column =>
  (col) => {
    if (engineOf(db) === 'postgres') return col;
    return (options.unique ? col.unique() : col).modifyEnd(sql`collate nocase`);
  };

/**
 * SQLite: an index on the column (its collation makes it case-blind already); PostgreSQL: on lower(column), which
 * `textEqualsIgnoreCase` uses. Unique on PostgreSQL only when asked (SQLite's unique is inline, see `nocase`).
 */
export function nocaseIndex(
  db: AnyDb,
  index: CreateIndexBuilder,
  column: string,
  options: { uniqueOnPostgres?: boolean } = {},
): CreateIndexBuilder {
  if (engineOf(db) === 'sqlite') return index.column(column);
  return (options.uniqueOnPostgres ? index.unique() : index).expression(sql`lower(${sql.ref(column)})`);
}

/**
 * PostgreSQL's trigram operator classes (pg_trgm), which the search indexes use: the extension is created once per
 * database (the migrator's advisory lock keeps parallel migrations from racing), in `public`, so a schema dropped
 * later (each test run has its own) does not take the extension with it. Returns the schema that holds it.
 */
async function trigramSchema(db: AnyDb): Promise<string> {
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  const row = await sql<{
    schema: string;
  }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  return row.rows[0]!.schema;
}

/**
 * PostgreSQL's counterpart of an FTS5 trigram table: one GIN trigram index per searched expression, which serves
 * `ilike '%fragment%'` (any fragment of 3+ characters, without regard to case, as FTS5's trigram tokenizer does).
 * The index follows the table by itself, so there are no triggers to keep and a copied table is searchable at once.
 */
export async function createTrigramIndexes(db: AnyDb, table: string, expressions: Record<string, string>) {
  const schema = await trigramSchema(db);
  for (const [name, expression] of Object.entries(expressions)) {
    await sql.raw(`create index ${name} on ${table} using gin ((${expression}) ${schema}.gin_trgm_ops)`).execute(db);
  }
}

export async function dropIndexes(db: AnyDb, names: string[]) {
  for (const name of names) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}

/** The phone's digits only (what the inbox search compares a phone-like term with). Same text on both engines. */
export const digitsOf = (column: string) =>
  `replace(replace(replace(replace(replace(replace(coalesce(${column}, ''), ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '')`;

/**
 * PostgreSQL: refuses every DELETE on `table`, and every UPDATE unless `allowedUpdate` (a condition on old and new)
 * holds, with `message`: the PL/pgSQL form of SQLite's `raise(abort, …)` triggers.
 */
export async function createPostgresGuardTriggers(
  db: AnyDb,
  table: string,
  options: { allowedUpdate: string; message: string },
) {
  await sql
    .raw(
      `create function ${table}_guard() returns trigger language plpgsql as $$
       begin
         if tg_op = 'UPDATE' and (${options.allowedUpdate}) then return new; end if;
         raise exception '${options.message}';
       end $$`,
    )
    .execute(db);
  await sql
    .raw(`create trigger ${table}_no_update before update on ${table} for each row execute function ${table}_guard()`)
    .execute(db);
  await sql
    .raw(`create trigger ${table}_no_delete before delete on ${table} for each row execute function ${table}_guard()`)
    .execute(db);
}

export async function dropPostgresGuardTriggers(db: AnyDb, table: string) {
  await sql.raw(`drop trigger if exists ${table}_no_update on ${table}`).execute(db);
  await sql.raw(`drop trigger if exists ${table}_no_delete on ${table}`).execute(db);
  await sql.raw(`drop function if exists ${table}_guard()`).execute(db);
}

/** PostgreSQL: replaces a column's CHECK (named table_column_check, PostgreSQL's own name for an inline one). */
export async function replacePostgresCheck(db: AnyDb, table: string, column: string, check: string) {
  const name = `${table}_${column}_check`;
  await sql.raw(`alter table ${table} drop constraint ${name}, add constraint ${name} check (${check})`).execute(db);
}

// ---------------------------------------------------------------------------------------------------------------
// Queries (data layer)
// ---------------------------------------------------------------------------------------------------------------

/** The larger of two values: SQLite's scalar max(a, b), PostgreSQL's greatest(a, b). */
export const greatest = (db: AnyDb, a: Expression<unknown>, b: Expression<unknown> | number) =>
  engineOf(db) === 'sqlite' ? sql<number>`max(${a}, ${b})` : sql<number>`greatest(${a}, ${b})`;

/** `column = value` without regard to case, for a column made with `nocase` (uses its index on either engine). */
export const textEqualsIgnoreCase = (db: AnyDb, column: string, value: string): RawBuilder<SqlBool> =>
  engineOf(db) === 'sqlite'
    ? sql<SqlBool>`${sql.ref(column)} = ${value}`
    : sql<SqlBool>`lower(${sql.ref(column)}) = lower(${value})`;

/** LIKE without regard to (ASCII) case, as SQLite's LIKE is; the pattern escapes with a backslash on both. */
export const likeIgnoreCase = (db: AnyDb, expression: string, pattern: string): RawBuilder<SqlBool> =>
  engineOf(db) === 'sqlite'
    ? sql<SqlBool>`${sql.raw(expression)} like ${pattern} escape '\\'`
    : sql<SqlBool>`${sql.raw(expression)} ilike ${pattern} escape '\\'`;

/** `%term%` for LIKE, with the term's own %, _ and \ escaped (for `escape '\\'`). */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Locks the selected rows until the transaction ends (PostgreSQL: FOR UPDATE). SQLite has no row locks and needs
 * none: its transactions begin IMMEDIATE and so run one at a time.
 */
export const forUpdate = <DB, TB extends keyof DB, O>(
  db: AnyDb,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> => (engineOf(db) === 'postgres' ? query.forUpdate() : query);

/**
 * Locks the selected rows and leaves out rows another transaction has locked (PostgreSQL: FOR UPDATE SKIP LOCKED), so
 * nodes that claim work from one table each get different rows. SQLite: as `forUpdate`.
 */
export const forUpdateSkipLocked = <DB, TB extends keyof DB, O>(
  db: AnyDb,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> => (engineOf(db) === 'postgres' ? query.forUpdate().skipLocked() : query);

/** A unique-constraint failure on either engine (SQLite's code, or PostgreSQL's SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown) => {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
};

/** A cheap query that proves the database answers and its schema can be read. */
export const healthQuery = (db: AnyDb) =>
  engineOf(db) === 'sqlite'
    ? sql`select count(*) from sqlite_schema`.execute(db)
    : sql`select count(*) from information_schema.tables where table_schema = current_schema()`.execute(db);
