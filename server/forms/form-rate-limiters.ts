import type { SubmissionTable } from '../data/submissions';
import type { Env } from '../env';
import { memoryRateLimiters, type RateLimiter, type RateLimiterFactory } from '../http/rate-limiter';

const RATE_WINDOW_MS = 60_000;

/** The per-IP limiter of each public form; one set per app (createServices builds it). */
export type FormRateLimiters = Record<SubmissionTable, RateLimiter>;

export function createFormRateLimiters(
  env: Pick<Env, 'RATE_LIMIT_FORMS_PER_MINUTE'>,
  limiters: RateLimiterFactory = memoryRateLimiters,
): FormRateLimiters {
  const limiter = (table: SubmissionTable) =>
    limiters(`form-${table}`, { limit: env.RATE_LIMIT_FORMS_PER_MINUTE, windowMs: RATE_WINDOW_MS });
  return {
    newsletter_subscriptions: limiter('newsletter_subscriptions'),
    job_applications: limiter('job_applications'),
    service_orders: limiter('service_orders'),
    appointments: limiter('appointments'),
    trip_plans: limiter('trip_plans'),
  };
}
