/**
 * Lock-outs after too many failed log-ins, kept in the database (issue #24): with Redis running without persistence,
 * an account locked before a Redis restart accepted its password at once afterwards, because the lock was nothing but
 * the failure count Redis had lost. The counters stay where the limiters keep them (Redis, or memory); when a failure
 * uses the last attempt a limiter allows, the lock it makes is written here, until the time the limiter names. Every
 * attempt the counters let through (log-in, and the password check of deleteAccount) looks here before the password is
 * checked, and is given back when locked out; attempts the counters refuse never reach the database, so a burst of
 * 600 log-ins costs no more reads than before.
 * See docs/decisions/0035-lockouts-in-the-database.md.
 */
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { loginLockouts } from '../data/login-lockouts';
import type { AppDatabase } from '../db/database';
import type { LockoutScope } from '../db/schema';
import { tooManyRequests } from '../http/too-many-requests';
import type { RateLimiter } from '../http/rate-limiter';

// Reads the clock at each call, so tests can move time with vi.setSystemTime.
const now = () => Date.now();

/** The row's key: a hash, so the table holds no e-mail address or IP. */
const subjectOf = (scope: LockoutScope, key: string) => createHash('sha256').update(`${scope}:${key}`).digest('hex');

export type LockoutSubject = { scope: LockoutScope; key: string; limiter: RateLimiter; limitName: string };

type LockoutContext = { db: AppDatabase; res?: Response | undefined };

/** Refuses with 429 (Retry-After until the latest lock ends) when any of `subjects` is locked out. */
export async function refuseWhileLockedOut(
  ctx: LockoutContext,
  subjects: LockoutSubject[],
  message: (retryAfterSeconds: number) => string,
) {
  const at = now();
  const locks = await loginLockouts.active(
    ctx.db,
    subjects.map((subject) => subjectOf(subject.scope, subject.key)),
    at,
  );
  if (!locks.length) return;
  const latest = locks.reduce((a, b) => (Number(b.locked_until) > Number(a.locked_until) ? b : a));
  const subject = subjects.find((candidate) => candidate.scope === latest.scope)!;
  const retryAfterSeconds = Math.max(1, Math.ceil((Number(latest.locked_until) - at) / 1000));
  tooManyRequests(
    ctx.res,
    { retryAfterSeconds, policy: subject.limiter.policy },
    subject.limitName,
    message(retryAfterSeconds),
  );
}

/**
 * Writes the lock a limiter has just made (the failure that used its last attempt), until the limiter allows an
 * attempt again.
 */
export async function recordLockout(ctx: LockoutContext, subject: LockoutSubject) {
  const verdict = await subject.limiter.check(subject.key);
  // Attempts given back meanwhile (calls that were not checked after all): the limiter holds no lock.
  if (verdict.allowed) return;
  const at = now();
  await loginLockouts.lock(ctx.db, {
    subject: subjectOf(subject.scope, subject.key),
    scope: subject.scope,
    lockedUntil: at + verdict.retryAfterSeconds * 1000,
    now: at,
  });
}

/** Lifts a lock-out early: the owner proved the account is theirs (a reset link, the right password). */
export async function clearLockout(ctx: LockoutContext, scope: LockoutScope, key: string) {
  await loginLockouts.clear(ctx.db, subjectOf(scope, key));
}
