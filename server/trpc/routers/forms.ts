/**
 * The five stored public forms (spec sections 5, 7, 8; issue #4). Each procedure is: per-IP rate limit → zod input
 * (the same schema the form uses) → the submit workflow in server/requests/submit.ts → the row's short reference. The
 * response is only sent after the database has committed the row.
 */
import { rateLimitMessage } from '../../../shared/form-messages';
import { appointmentSchema } from '../../../shared/schemas/appointment';
import { jobApplicationSchema } from '../../../shared/schemas/job-application';
import { newsletterSchema } from '../../../shared/schemas/newsletter';
import { serviceOrderSchema } from '../../../shared/schemas/service-order';
import { tripPlanSchema } from '../../../shared/schemas/trip-plan';
import type { SubmissionTable } from '../../data/submissions';
import { tooManyRequests } from '../../http/too-many-requests';
import { submitRequest, subscribeNewsletter } from '../../requests/submit';
import { publicProcedure, router } from '../trpc';

/**
 * A public procedure limited per IP and per form (the app's limiters, from the context), answered with 429 and the
 * RateLimit headers when over.
 */
export const formProcedure = (table: SubmissionTable) =>
  publicProcedure.use(async ({ ctx, next }) => {
    const verdict = await ctx.formLimiters[table].hit(ctx.clientIp);
    if (!verdict.allowed)
      tooManyRequests(ctx.res, verdict, `form-${table}`, rateLimitMessage(verdict.retryAfterSeconds));
    return next();
  });

export const formsRouter = router({
  subscribeNewsletter: formProcedure('newsletter_subscriptions')
    .input(newsletterSchema)
    .mutation(({ ctx, input }) => subscribeNewsletter(ctx, input)),

  submitJobApplication: formProcedure('job_applications')
    .input(jobApplicationSchema)
    .mutation(({ ctx, input }) => submitRequest(ctx, 'job_applications', input)),

  submitServiceOrder: formProcedure('service_orders')
    .input(serviceOrderSchema)
    .mutation(({ ctx, input }) => submitRequest(ctx, 'service_orders', input)),

  submitAppointment: formProcedure('appointments')
    .input(appointmentSchema)
    .mutation(({ ctx, input }) => submitRequest(ctx, 'appointments', input)),

  submitTripPlan: formProcedure('trip_plans')
    .input(tripPlanSchema)
    .mutation(({ ctx, input }) => submitRequest(ctx, 'trip_plans', input)),
});
