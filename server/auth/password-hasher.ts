/**
 * A bounded queue in front of argon2 (issue #11). argon2 runs on libuv's thread pool, the same
 * 4 threads (UV_THREADPOOL_SIZE) that serve files and DNS: unbounded, a burst of log-ins took every
 * thread and page GETs waited seconds. At most `concurrency` hashes run at once (leaving threads
 * for everything else), at most `maxQueued` wait, and anything beyond that is refused at once
 * with HashingBusyError, which the auth router turns into 503 + Retry-After.
 * One hasher per app: createApp builds it, procedures reach it through the tRPC context.
 * See docs/decisions/0011-bounded-password-hashing.md.
 */
import os from 'node:os';
import { hashPassword, verifyPassword } from './password';

/** libuv's default thread-pool size (Node reads UV_THREADPOOL_SIZE itself, once, at start). */
export const DEFAULT_THREAD_POOL_SIZE = 4;
export const DEFAULT_HASH_QUEUE = 16;

/**
 * Hashes allowed at once: two pool threads stay free for files and DNS, and one CPU stays free
 * for the event loop (argon2 is CPU-bound: on a 2-CPU machine two hashes at once starve page
 * serving of CPU, not of threads). Measured in docs/decisions/0011-bounded-password-hashing.md.
 */
export const hashConcurrencyFor = (threadPoolSize = DEFAULT_THREAD_POOL_SIZE, cpus = os.availableParallelism()) =>
  Math.max(1, Math.min(threadPoolSize - 2, cpus - 1));
/** Seconds a refused caller is asked to wait (the queue drains in well under this). */
export const HASH_BUSY_RETRY_AFTER_SECONDS = 2;

export class HashingBusyError extends Error {
  override name = 'HashingBusyError';
  readonly retryAfterSeconds = HASH_BUSY_RETRY_AFTER_SECONDS;
}

export type PasswordHasher = {
  hash: (password: string) => Promise<string>;
  /** False for a wrong password or an unreadable hash. */
  verify: (passwordHash: string, password: string) => Promise<boolean>;
  /** Costs what a wrong password costs, so unknown addresses cannot be told apart by timing. Always false. */
  verifyDummy: (password: string) => Promise<false>;
  stats: () => { running: number; queued: number; refused: number; concurrency: number; maxQueued: number };
};

type Options = {
  concurrency?: number;
  maxQueued?: number;
  /** The argon2 calls; tests wrap them to count how many calls reach the password check. */
  hash?: (password: string) => Promise<string>;
  verify?: (passwordHash: string, password: string) => Promise<boolean>;
};

export function createPasswordHasher(options: Options = {}): PasswordHasher {
  const concurrency = options.concurrency ?? hashConcurrencyFor();
  const maxQueued = options.maxQueued ?? DEFAULT_HASH_QUEUE;
  const hashImpl = options.hash ?? hashPassword;
  const verifyImpl = options.verify ?? verifyPassword;
  const waiting: (() => void)[] = [];
  let running = 0;
  let refused = 0;

  async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= maxQueued) {
        refused += 1;
        throw new HashingBusyError('password hashing queue is full');
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, so `running` never dips and lets a newcomer jump the queue.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }

  let dummyHash: Promise<string> | undefined;
  const verify = (passwordHash: string, password: string) => run(() => verifyImpl(passwordHash, password));

  return {
    hash: (password) => run(() => hashImpl(password)),
    verify,
    async verifyDummy(password) {
      // Made outside the queue once per app; a failed first attempt is retried next time.
      dummyHash ??= hashPassword('not-a-real-account-password').catch((error: unknown) => {
        dummyHash = undefined;
        throw error;
      });
      await verify(await dummyHash, password);
      return false;
    },
    stats: () => ({ running, queued: waiting.length, refused, concurrency, maxQueued }),
  };
}
