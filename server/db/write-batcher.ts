import { sql, type Transaction } from 'kysely';
import type { AppDatabase } from './database';
import { databaseFaultOf } from './database-fault';
import type { Database } from './schema';

export type WriteJob<T> = (trx: Transaction<Database>) => Promise<T>;
export type WriteBatcher = { run<T>(job: WriteJob<T>): Promise<T> };

type Queued = { job: WriteJob<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const MAX_BATCH = 256;

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
export function createWriteBatcher(db: AppDatabase): WriteBatcher {
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
   * A batch of one job that throws is settled here: rolled back whole, it rejects with the job's error.
   */
  const runPlain = async (batch: Queued[]): Promise<boolean> => {
    const outcomes: Outcome[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        for (const item of batch) {
          try {
            outcomes.push({ ok: true, value: await item.job(trx) });
          } catch (error) {
            if (databaseFaultOf(error)) throw error;
            throw new JobFailed(error);
          }
        }
      });
    } catch (error) {
      if (error instanceof JobFailed) {
        if (batch.length > 1) return false;
        batch[0]!.reject(error.error);
        return true;
      }
      // The transaction failed (its start, a fault, or the commit): nothing of the batch is stored.
      rejectAll(batch, error);
      return true;
    }
    settle(batch, outcomes);
    return true;
  };

  /** The batch in one transaction, each job in its own savepoint. */
  const runWithSavepoints = async (batch: Queued[]) => {
    const outcomes: Outcome[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        for (const item of batch) {
          await sql`savepoint write_job`.execute(trx);
          try {
            outcomes.push({ ok: true, value: await item.job(trx) });
            await sql`release write_job`.execute(trx);
          } catch (error) {
            if (databaseFaultOf(error)) throw error;
            await sql`rollback to write_job`.execute(trx);
            await sql`release write_job`.execute(trx);
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      rejectAll(batch, error);
      return;
    }
    settle(batch, outcomes);
  };

  const runBatch = async (batch: Queued[]) => {
    if (!(await runPlain(batch))) await runWithSavepoints(batch);
  };

  const flush = async () => {
    while (queue.length) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      await runBatch(batch);
    }
    running = false;
  };

  return {
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
