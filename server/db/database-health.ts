import type { DatabaseFault } from './database-fault';

/**
 * How long after a write failed for lack of space /healthz keeps saying so: the full fault's own Retry-After. A full
 * disk (SQLITE_FULL, PostgreSQL 53100) is invisible to the health check's read, and small writes may still fit while
 * large ones fail (issue #24), so no probe tells "full" from "fine"; the writes the visitors make do. While they keep
 * failing the report stays; when none has failed for this long the node reports ok again and the next failure, if
 * any, takes it out again.
 */
export const FULL_REPORT_MS = 30_000;

export type DatabaseState = 'ok' | 'full';

export type DatabaseHealth = {
  /** Told of every database fault a request met (the tRPC middleware and the Express error handler). */
  noteFault: (fault: DatabaseFault) => void;
  /** 'full' while a write failed for lack of space within FULL_REPORT_MS. */
  state: () => DatabaseState;
};

// Reads the clock at each call, so tests can move time with vi.setSystemTime.
export function createDatabaseHealth(now: () => number = () => Date.now()): DatabaseHealth {
  let lastFullAt: number | undefined;
  return {
    noteFault(fault) {
      if (fault.kind === 'full') lastFullAt = now();
    },
    state: () => (lastFullAt !== undefined && now() - lastFullAt < FULL_REPORT_MS ? 'full' : 'ok'),
  };
}
