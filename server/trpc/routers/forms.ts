/**
 * The five stored public forms (spec sections 5, 7, 8; issue #4). Each procedure
 * is: per-IP rate limit → zod input (the same schema the form uses) → bot check →
 * one insert in server/data → the row's short reference. The response is only sent
 * after SQLite has committed the row.
 */
import { TRPCError } from '@trpc/server';
import { NEWSLETTER_DUPLICATE_MESSAGE, MIN_FILL_MS, rateLimitMessage } from '../../../shared/form-messages';
import { appointmentSchema } from '../../../shared/schemas/appointment';
import { jobApplicationSchema } from '../../../shared/schemas/job-application';
import { newsletterSchema } from '../../../shared/schemas/newsletter';
import { serviceOrderSchema } from '../../../shared/schemas/service-order';
import { tripPlanSchema } from '../../../shared/schemas/trip-plan';
import {
  insertAppointment,
  insertJobApplication,
  insertNewsletterSubscription,
  insertServiceOrder,
  insertTripPlan,
  newReference,
  referencePrefixes,
  type SubmissionTable,
} from '../../data/submissions';
import type { Env } from '../../env';
import { createRateLimiter, type RateLimiter } from '../../http/rate-limiter';
import type { RequestContext } from '../context';
import { publicProcedure, router } from '../trpc';

const RATE_WINDOW_MS = 60_000;

/** Test-only fault switch: a request header that makes a form fail as if the database had. */
export const FORMS_FAULT_HEADER = 'x-test-fault';

// One limiter set per app instance (tests build many apps, each with its own env object).
const limiters = new WeakMap<Env, Map<SubmissionTable, RateLimiter>>();

function limiterFor(env: Env, table: SubmissionTable): RateLimiter {
  let byTable = limiters.get(env);
  if (!byTable) limiters.set(env, (byTable = new Map()));
  let limiter = byTable.get(table);
  if (!limiter) byTable.set(table, (limiter = createRateLimiter({ limit: env.RATE_LIMIT_FORMS_PER_MINUTE, windowMs: RATE_WINDOW_MS })));
  return limiter;
}

/** A public procedure limited per IP and per form, answered with 429 and Retry-After when over. */
const formProcedure = (table: SubmissionTable) =>
  publicProcedure.use(({ ctx, next }) => {
    const verdict = limiterFor(ctx.env, table).hit(ctx.clientIp);
    if (!verdict.allowed) {
      ctx.res?.setHeader('Retry-After', String(verdict.retryAfterSeconds));
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: rateLimitMessage(verdict.retryAfterSeconds),
        cause: { retryAfterSeconds: verdict.retryAfterSeconds },
      });
    }
    return next();
  });

/**
 * Honoured only when NODE_ENV is 'test' (production and development ignore the
 * header; tests/server/trpc/routers/forms-fault-switch.test.ts proves it), so
 * browser tests can show the failure toast against the real server.
 */
function failIfFaultInjected(ctx: RequestContext) {
  if (ctx.env.NODE_ENV === 'test' && ctx.req?.get(FORMS_FAULT_HEADER) === 'forms') throw new Error('Injected test fault');
}

type BotFields = { website?: string | undefined; fillMs?: number | undefined };

/** A filled honeypot, or a form sent faster than a person can fill it. */
const looksLikeBot = ({ website, fillMs }: BotFields) => Boolean(website) || fillMs === undefined || fillMs < MIN_FILL_MS;

/** A bot is answered exactly like a person, so it learns nothing; nothing is stored. */
function botReply(ctx: RequestContext, table: SubmissionTable) {
  ctx.logger.info('form bot dropped', { form: table });
  return { reference: newReference(referencePrefixes[table]) };
}

function stored(ctx: RequestContext, table: SubmissionTable, reference: string) {
  ctx.logger.info('form stored', { form: table, reference });
  return { reference };
}

export const formsRouter = router({
  subscribeNewsletter: formProcedure('newsletter_subscriptions')
    .input(newsletterSchema)
    .mutation(async ({ ctx, input }) => {
      if (looksLikeBot(input)) return botReply(ctx, 'newsletter_subscriptions');
      failIfFaultInjected(ctx);
      const result = await insertNewsletterSubscription(ctx.db, input.email);
      if (result.status === 'duplicate') throw new TRPCError({ code: 'CONFLICT', message: NEWSLETTER_DUPLICATE_MESSAGE });
      return stored(ctx, 'newsletter_subscriptions', result.reference);
    }),

  submitJobApplication: formProcedure('job_applications')
    .input(jobApplicationSchema)
    .mutation(async ({ ctx, input }) => {
      if (looksLikeBot(input)) return botReply(ctx, 'job_applications');
      failIfFaultInjected(ctx);
      const reference = await insertJobApplication(ctx.db, {
        job_title: input.jobTitle,
        full_name: input.fullName,
        email: input.email,
        phone: input.phone,
        resume_link: input.resumeLink,
        cover_letter: input.coverLetter,
      });
      return stored(ctx, 'job_applications', reference);
    }),

  submitServiceOrder: formProcedure('service_orders')
    .input(serviceOrderSchema)
    .mutation(async ({ ctx, input }) => {
      if (looksLikeBot(input)) return botReply(ctx, 'service_orders');
      failIfFaultInjected(ctx);
      const reference = await insertServiceOrder(ctx.db, {
        full_name: input.fullName,
        email: input.email,
        phone: input.phone,
        service_package: input.servicePackage,
        service_category: input.serviceCategory,
        message: input.message,
      });
      return stored(ctx, 'service_orders', reference);
    }),

  submitAppointment: formProcedure('appointments')
    .input(appointmentSchema)
    .mutation(async ({ ctx, input }) => {
      if (looksLikeBot(input)) return botReply(ctx, 'appointments');
      failIfFaultInjected(ctx);
      const reference = await insertAppointment(ctx.db, {
        full_name: input.fullName,
        email: input.email,
        phone: input.phone,
        preferred_date: input.preferredDate,
        preferred_time: input.preferredTime,
        service_type: input.serviceType,
        message: input.message,
      });
      return stored(ctx, 'appointments', reference);
    }),

  submitTripPlan: formProcedure('trip_plans')
    .input(tripPlanSchema)
    .mutation(async ({ ctx, input }) => {
      if (looksLikeBot(input)) return botReply(ctx, 'trip_plans');
      failIfFaultInjected(ctx);
      const reference = await insertTripPlan(ctx.db, {
        destination: input.destination,
        departure_date: input.departureDate,
        return_date: input.returnDate,
        number_of_travelers: input.numberOfTravelers,
        accommodation_preference: input.accommodationPreference,
        activity_interests: input.activityInterests,
        full_name: input.fullName,
        email: input.email,
        phone: input.phone,
        additional_requests: input.additionalRequests,
      });
      return stored(ctx, 'trip_plans', reference);
    }),
});
