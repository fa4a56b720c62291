/**
 * The database faults a visitor can do nothing about but wait: another connection
 * holds the write lock (SQLITE_BUSY / SQLITE_LOCKED after our retries; on PostgreSQL the
 * server is unreachable or out of connections), or the disk (or max_page_count) is full,
 * or the disk fails. They are answered with 503 and
 * Retry-After instead of a raw 500 (issue #11.4).
 */
export type DatabaseFaultKind = 'busy' | 'full' | 'io';

export class DatabaseFault extends Error {
  readonly retryAfterSeconds: number;
  constructor(
    readonly kind: DatabaseFaultKind,
    options: { cause?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(`database ${kind}`, { cause: options.cause });
    this.name = 'DatabaseFault';
    this.retryAfterSeconds = options.retryAfterSeconds ?? (kind === 'busy' ? 2 : 30);
  }
}

const sqliteCode = (error: unknown): string =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : '';

/**
 * PostgreSQL's refusal of a prepared plan whose result columns changed under it: another node migrated the table
 * while this one ran (server/db/prepared-statements.ts prepares afresh from then on). Known by the server function
 * that raises it, as the message may be translated (lc_messages); 0A000 alone is any unsupported feature.
 */
export const isStalePreparedPlan = (error: unknown) =>
  sqliteCode(error) === '0A000' && (error as { routine?: unknown }).routine === 'RevalidateCachedQuery';

/**
 * PostgreSQL's deadlock and serialization failures, and a stale prepared plan: the transaction was undone whole, and
 * may run again.
 */
export const isTransactionConflict = (error: unknown) =>
  /^(40001|40P01)$/.test(sqliteCode(error)) || isStalePreparedPlan(error);

export const isBusyError = (error: unknown) => /^SQLITE_(BUSY|LOCKED)/.test(sqliteCode(error));

/**
 * PostgreSQL's equivalents (SQLSTATE codes, and the Node errors of a connection that fails): the server is unreachable,
 * shutting down, out of connections, or two transactions deadlocked — all worth a retry later; a full disk; an I/O or
 * corruption error. The pool's own "timeout exceeded when trying to connect" carries no code.
 */
function postgresFault(error: unknown): DatabaseFault | null {
  const code = sqliteCode(error);
  if (/^(08|57P0|53300|40001|40P01)/.test(code) || /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE)$/.test(code))
    return new DatabaseFault('busy', { cause: error });
  if (code === '53100') return new DatabaseFault('full', { cause: error });
  if (code === '58030' || /^XX00[12]$/.test(code)) return new DatabaseFault('io', { cause: error });
  if (error instanceof Error && /^(timeout exceeded when trying to connect|Connection terminated)/.test(error.message))
    return new DatabaseFault('busy', { cause: error });
  return null;
}

/** The fault behind `error` (a SqliteError, or a DatabaseFault anywhere in its cause chain), or null. */
export function databaseFaultOf(error: unknown): DatabaseFault | null {
  for (
    let current = error, depth = 0;
    current && depth < 5;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    if (current instanceof DatabaseFault) return current;
    const code = sqliteCode(current);
    if (/^SQLITE_(BUSY|LOCKED)/.test(code)) return new DatabaseFault('busy', { cause: current });
    if (code === 'SQLITE_FULL') return new DatabaseFault('full', { cause: current });
    if (/^SQLITE_IOERR/.test(code)) return new DatabaseFault('io', { cause: current });
    const postgres = postgresFault(current);
    if (postgres) return postgres;
  }
  return null;
}
