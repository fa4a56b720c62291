/**
 * Abuse limits for accounts (issue #5), kept in memory per app instance (keyed by its env object,
 * as the forms router does, so every test app starts clean).
 *
 * - Log-in: 5 failures per account and 20 per IP address in 15 minutes, then 429 until the oldest
 *   failure leaves the window. Per IP is looser because many people in Lagos share one mobile
 *   carrier address (CGNAT); see docs/decisions/0005-accounts-and-sessions.md.
 * - Sign-up: 30 per IP in 5 minutes.
 * - E-mails: 1 per address per minute for each kind (confirmation, reset).
 */
import { TRPCError } from '@trpc/server';
import type { Env } from '../env';
import { createRateLimiter, type RateLimiter } from '../http/rate-limiter';
import type { RequestContext } from '../trpc/context';

export const LOGIN_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_FAILURES_PER_IP = 20;
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const SIGNUPS_PER_IP = 30;
export const SIGNUP_WINDOW_MS = 5 * 60_000;
export const MAILS_PER_ADDRESS = 1;
export const MAIL_WINDOW_MS = 60_000;

export type AuthLimits = { loginAccount: RateLimiter; loginIp: RateLimiter; signUpIp: RateLimiter; mailAddress: RateLimiter };

const byEnv = new WeakMap<Env, AuthLimits>();
// Reads the clock at each call, so tests can move time with vi.setSystemTime.
const now = () => Date.now();

export function authLimits(env: Env): AuthLimits {
  let limits = byEnv.get(env);
  if (!limits) {
    limits = {
      loginAccount: createRateLimiter({ limit: LOGIN_FAILURES_PER_ACCOUNT, windowMs: LOGIN_WINDOW_MS, now }),
      loginIp: createRateLimiter({ limit: LOGIN_FAILURES_PER_IP, windowMs: LOGIN_WINDOW_MS, now }),
      signUpIp: createRateLimiter({ limit: SIGNUPS_PER_IP, windowMs: SIGNUP_WINDOW_MS, now }),
      mailAddress: createRateLimiter({ limit: MAILS_PER_ADDRESS, windowMs: MAIL_WINDOW_MS, now }),
    };
    byEnv.set(env, limits);
  }
  return limits;
}

/** "in 15 minutes", "in 1 minute", "in 40 seconds". */
export function waitPhrase(seconds: number): string {
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Answers 429 with Retry-After and the wait in the message and in `data.retryAfterSeconds`. */
export function tooManyRequests(ctx: Pick<RequestContext, 'res'>, retryAfterSeconds: number, message: string): never {
  ctx.res?.setHeader('Retry-After', String(retryAfterSeconds));
  throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message, cause: { retryAfterSeconds } });
}
