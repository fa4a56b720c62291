/**
 * The database faults a visitor can do nothing about but wait: another connection
 * holds the write lock (SQLITE_BUSY / SQLITE_LOCKED after our retries), or the disk
 * (or max_page_count) is full, or the disk fails. They are answered with 503 and
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

export const isBusyError = (error: unknown) => /^SQLITE_(BUSY|LOCKED)/.test(sqliteCode(error));

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
  }
  return null;
}
