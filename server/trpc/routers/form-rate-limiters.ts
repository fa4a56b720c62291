import type { SubmissionTable } from '../../data/submissions';
import type { Env } from '../../env';
import { createRateLimiter, type RateLimiter } from '../../http/rate-limiter';

const RATE_WINDOW_MS = 60_000;

/** The per-IP limiter of each public form; one set per app (createApp builds it). */
export type FormRateLimiters = Record<SubmissionTable, RateLimiter>;

export function createFormRateLimiters(env: Pick<Env, 'RATE_LIMIT_FORMS_PER_MINUTE'>): FormRateLimiters {
  const limiter = () => createRateLimiter({ limit: env.RATE_LIMIT_FORMS_PER_MINUTE, windowMs: RATE_WINDOW_MS });
  return {
    newsletter_subscriptions: limiter(),
    job_applications: limiter(),
    service_orders: limiter(),
    appointments: limiter(),
    trip_plans: limiter(),
  };
}
