import { sql, type Transaction } from 'kysely';
import type { AppDatabase } from './database';
import { databaseFaultOf } from './database-fault';
import type { Database } from './schema';

export type WriteJob<T> = (trx: Transaction<Database>) => Promise<T>;
export type WriteBatcher = { run<T>(job: WriteJob<T>): Promise<T> };

type Queued = { job: WriteJob<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const MAX_BATCH = 256;

/**
 * Group commit for every batched write (forms and chat). With synchronous=FULL each commit
 * waits for the disk, so writes that arrive together share one transaction and one fsync.
 * Each job resolves only after the commit that contains it: an acknowledged row is on disk.
 * Each job runs in its own savepoint, so a failing job is undone whole (nothing half-stored)
 * and rejects alone. A database fault (busy past the retries, disk full) fails the whole
 * batch: SQLite may already have rolled the transaction back, and nothing of it is stored.
 */
export function createWriteBatcher(db: AppDatabase): WriteBatcher {
  let queue: Queued[] = [];
  let running = false;

  const runBatch = async (batch: Queued[]) => {
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
      // The transaction failed (its start, a fault, or the commit): nothing of the batch is stored.
      for (const item of batch) item.reject(databaseFaultOf(error) ?? error);
      return;
    }
    batch.forEach((item, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
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
