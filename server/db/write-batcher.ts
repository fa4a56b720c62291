import { sql, type Transaction } from 'kysely';
import type { AppDatabase } from './database';
import { databaseFaultOf, isTransactionConflict } from './database-fault';
import type { Database } from './schema';

export type WriteJob<T> = (trx: Transaction<Database>) => Promise<T>;
/**
 * `orderKey`: jobs that share one (a conversation's messages) commit in the order they were run. Jobs without one may
 * commit in any order relative to each other (each caller waits for its own).
 */
export type WriteBatcher = { run<T>(job: WriteJob<T>, orderKey?: string | number): Promise<T> };
export type WriteBatcherOptions = {
  /**
   * Batches in flight at once, each in its own transaction on its own connection (ADR 0053). SQLite has one writer:
   * 1. On PostgreSQL a batch's statements are round trips one after another, so one lane at a time held every write
   * of the node behind the slowest batch.
   */
  lanes?: number;
};

type Queued = { job: WriteJob<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const MAX_BATCH = 256;
/** Runs of a batch that PostgreSQL undid for a deadlock or a serialization failure, before its jobs reject. */
const MAX_CONFLICT_ATTEMPTS = 5;

/** A job that threw inside a batch run without savepoints (`error`: what it threw). */
class JobFailed extends Error {
  constructor(readonly error: unknown) {
    super('a write job failed');
  }
}

/**
 * Group commit for every batched write (forms and chat). With synchronous=FULL each commit
 * waits for the disk, so writes that arrive together share one transaction and one fsync.
 * Each job resolves only after the commit that contains it: an acknowledged row is on disk.
 *
 * A batch first runs without savepoints (ADR 0052): almost every job succeeds, and on PostgreSQL a savepoint and its
 * release are two round trips per job. When a job throws, that transaction is rolled back whole and the batch runs
 * again as before: each job in its own savepoint, so the failing job is undone whole (nothing half-stored) and rejects
 * alone while its neighbours commit. A job may therefore run twice, the first time in a transaction that is rolled
 * back, so a job does nothing but its statements (as the booking writer's retries already require). A database fault
 * (busy past the retries, disk full) fails the whole batch: SQLite may already have rolled the transaction back, and
 * nothing of it is stored.
 */
export function createWriteBatcher(db: AppDatabase, { lanes = 1 }: WriteBatcherOptions = {}): WriteBatcher {
  if (!Number.isInteger(lanes) || lanes < 1) throw new Error(`lanes must be a whole number from 1: ${lanes}`);
  const all = Array.from({ length: lanes }, () => createLane(db));
  if (lanes === 1) return { run: (job) => all[0]!.run(job) };
  return {
    run<T>(job: WriteJob<T>, orderKey?: string | number): Promise<T> {
      // A keyed job always takes its key's lane, behind the key's earlier jobs; any other takes the emptiest lane.
      const lane =
        orderKey === undefined
          ? all.reduce((best, candidate) => (candidate.pending() < best.pending() ? candidate : best))
          : all[laneOf(orderKey, lanes)]!;
      return lane.run(job);
    },
  };
}

/** A stable lane for a key (FNV-1a over its text). */
export function laneOf(orderKey: string | number, lanes: number): number {
  let hash = 0x811c9dc5;
  for (const char of String(orderKey)) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return (hash >>> 0) % lanes;
}

type Lane = { run<T>(job: WriteJob<T>): Promise<T>; pending: () => number };

/** One lane: the jobs that arrive while its batch runs share its next transaction, one batch at a time. */
function createLane(db: AppDatabase): Lane {
  let inFlight = 0;
  let queue: Queued[] = [];
  let running = false;

  const settle = (batch: Queued[], outcomes: Outcome[]) =>
    batch.forEach((item, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  const rejectAll = (batch: Queued[], error: unknown) => {
    for (const item of batch) item.reject(databaseFaultOf(error) ?? error);
  };

  /**
   * The batch in one transaction, no savepoints; false when a job of several threw (the transaction was rolled back).
   * A batch of one job that throws is settled here: rolled back whole, it rejects with the job's error. A failing
   * transaction (a fault, a conflict) is thrown.
   */
  const runPlain = async (batch: Queued[]): Promise<boolean> => {
    const outcomes: Outcome[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        for (const item of batch) {
          try {
            outcomes.push({ ok: true, value: await item.job(trx) });
          } catch (error) {
            // A conflict undoes the whole transaction (PostgreSQL): the batch runs again, below.
            if (databaseFaultOf(error) || isTransactionConflict(error)) throw error;
            throw new JobFailed(error);
          }
        }
      });
    } catch (error) {
      if (!(error instanceof JobFailed)) throw error;
      if (batch.length > 1) return false;
      batch[0]!.reject(error.error);
      return true;
    }
    settle(batch, outcomes);
    return true;
  };

  /** The batch in one transaction, each job in its own savepoint. */
  const runWithSavepoints = async (batch: Queued[]) => {
    const outcomes: Outcome[] = [];
    await db.transaction().execute(async (trx) => {
      for (const item of batch) {
        await sql`savepoint write_job`.execute(trx);
        try {
          outcomes.push({ ok: true, value: await item.job(trx) });
          await sql`release write_job`.execute(trx);
        } catch (error) {
          if (databaseFaultOf(error) || isTransactionConflict(error)) throw error;
          await sql`rollback to write_job`.execute(trx);
          await sql`release write_job`.execute(trx);
          outcomes.push({ ok: false, error });
        }
      }
    });
    settle(batch, outcomes);
  };

  const runBatch = async (batch: Queued[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await runPlain(batch))) await runWithSavepoints(batch);
        return;
      } catch (error) {
        // The transaction failed (its start, a fault, or the commit): nothing of the batch is stored. A deadlock or a
        // serialization failure (PostgreSQL, another lane or node), or a prepared plan a migration made stale, undid it
        // whole: it runs again.
        if (attempt < MAX_CONFLICT_ATTEMPTS && isTransactionConflict(error)) continue;
        rejectAll(batch, error);
        return;
      }
    }
  };

  const flush = async () => {
    while (queue.length) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      inFlight = batch.length;
      await runBatch(batch);
      inFlight = 0;
    }
    running = false;
  };

  return {
    pending: () => queue.length + inFlight,
    run<T>(job: WriteJob<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ job, resolve: resolve as (value: unknown) => void, reject });
        if (!running) {
          running = true;
          setImmediate(() => void flush());
        }
      });
    },
  };
}
