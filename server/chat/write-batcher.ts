import type { Transaction } from 'kysely';
import type { AppDatabase } from '../db/database';
import type { Database } from '../db/schema';

type Job = { run: (trx: Transaction<Database>) => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };

const MAX_BATCH = 256;

/**
 * Group commit for chat writes. With synchronous=FULL every commit waits for the disk, so
 * writes that arrive together (many visitors at once) share one transaction and one fsync.
 * Each job still resolves only after the commit that contains it, so an acknowledgement is
 * never sent for a message that is not on disk. A failing statement (e.g. a duplicate client
 * id) is undone alone (SQLite rolls back the statement, not the transaction) and rejects only
 * its own job; a failed commit rejects every job of the batch.
 */
export function createWriteBatcher(db: AppDatabase) {
  let queue: Job[] = [];
  let running = false;

  const flush = async () => {
    running = true;
    while (queue.length) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
      try {
        await db.transaction().execute(async (trx) => {
          for (const job of batch) {
            try {
              outcomes.push({ ok: true, value: await job.run(trx) });
            } catch (error) {
              outcomes.push({ ok: false, error });
            }
          }
        });
        batch.forEach((job, index) => {
          const outcome = outcomes[index]!;
          if (outcome.ok) job.resolve(outcome.value);
          else job.reject(outcome.error);
        });
      } catch (error) {
        for (const job of batch) job.reject(error);
      }
    }
    running = false;
  };

  return {
    /** Runs `job` inside the next shared transaction; resolves after that transaction commits. */
    run<T>(job: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ run: job, resolve: resolve as (value: unknown) => void, reject });
        if (!running) {
          running = true;
          setImmediate(() => void flush());
        }
      });
    },
  };
}
