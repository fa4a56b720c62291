import { TRPCError } from '@trpc/server';
import type { Response } from 'express';
import type { RateLimitPolicy } from './rate-limiter';

/**
 * Sets Retry-After and the IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers:
 * `RateLimit-Policy: "name";q=LIMIT;w=WINDOW` and `RateLimit: "name";r=0;t=SECONDS`) on a 429.
 */
export function setRateLimitHeaders(
  res: Response | undefined,
  name: string,
  policy: RateLimitPolicy,
  retryAfterSeconds: number,
) {
  if (!res) return;
  res.setHeader('Retry-After', String(retryAfterSeconds));
  res.setHeader('RateLimit-Policy', `"${name}";q=${policy.limit};w=${policy.windowSeconds}`);
  res.setHeader('RateLimit', `"${name}";r=0;t=${retryAfterSeconds}`);
}

/**
 * Refuses a tRPC call with 429: the headers above, and the wait in the message and in
 * `data.retryAfterSeconds` (the errorFormatter copies it from the cause).
 */
export function tooManyRequests(
  res: Response | undefined,
  verdict: { retryAfterSeconds: number; policy: RateLimitPolicy },
  name: string,
  message: string,
): never {
  setRateLimitHeaders(res, name, verdict.policy, verdict.retryAfterSeconds);
  throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message, cause: { retryAfterSeconds: verdict.retryAfterSeconds } });
}
