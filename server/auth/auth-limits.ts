/**
 * Abuse limits for accounts (issues #5, #11), kept in memory, or in Redis with REDIS_URL so that every node counts
 * the same attempts (issue #16). One set per app: createApp builds
 * it and procedures reach it through the tRPC context (issue #12: no module state).
 *
 * - Log-in: 5 failures per account and 20 per IP address in 15 minutes, then 429 until the oldest
 *   failure leaves the window. Per IP is looser because many people in Lagos share one mobile
 *   carrier address (CGNAT); see docs/decisions/0005-accounts-and-sessions.md.
 *   An attempt is reserved (counted) before the password is checked and given back on success,
 *   so calls in flight at the same time cannot all pass the check (issue #11).
 * - Sign-up: 30 per IP in 5 minutes; password-reset requests likewise (issue #24: the per-address limit alone let one
 *   network ask for a reset of every address it could think of).
 * - E-mails: 1 per address per minute for each kind (confirmation, reset).
 */
import { memoryRateLimiters, type RateLimiter, type RateLimiterFactory } from '../http/rate-limiter';

export const LOGIN_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_FAILURES_PER_IP = 20;
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const SIGNUPS_PER_IP = 30;
export const SIGNUP_WINDOW_MS = 5 * 60_000;
export const RESET_REQUESTS_PER_IP = 30;
export const RESET_REQUEST_WINDOW_MS = 5 * 60_000;
export const MAILS_PER_ADDRESS = 1;
export const MAIL_WINDOW_MS = 60_000;

export type AuthLimits = {
  loginAccount: RateLimiter;
  loginIp: RateLimiter;
  signUpIp: RateLimiter;
  resetRequestIp: RateLimiter;
  mailAddress: RateLimiter;
};

// Reads the clock at each call, so tests can move time with vi.setSystemTime.
const now = () => Date.now();

export function createAuthLimits(limiters: RateLimiterFactory = memoryRateLimiters): AuthLimits {
  return {
    loginAccount: limiters('login-account', { limit: LOGIN_FAILURES_PER_ACCOUNT, windowMs: LOGIN_WINDOW_MS, now }),
    loginIp: limiters('login-ip', { limit: LOGIN_FAILURES_PER_IP, windowMs: LOGIN_WINDOW_MS, now }),
    signUpIp: limiters('signup-ip', { limit: SIGNUPS_PER_IP, windowMs: SIGNUP_WINDOW_MS, now }),
    resetRequestIp: limiters('reset-request-ip', {
      limit: RESET_REQUESTS_PER_IP,
      windowMs: RESET_REQUEST_WINDOW_MS,
      now,
    }),
    mailAddress: limiters('mail-address', { limit: MAILS_PER_ADDRESS, windowMs: MAIL_WINDOW_MS, now }),
  };
}
