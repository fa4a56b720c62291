/**
 * The five stored public forms (spec sections 5, 7, 8; issue #4). Each procedure
 * is: per-IP rate limit → zod input (the same schema the form uses) → bot check →
 * one insert in server/data → the row's short reference. The response is only sent
 * after SQLite has committed the row.
 */
import { TRPCError } from '@trpc/server';
import {
  FORM_TOO_FAST_MESSAGE,
  NEWSLETTER_DUPLICATE_MESSAGE,
  MIN_FILL_MS,
  rateLimitMessage,
} from '../../../shared/form-messages';
import { phoneE164 } from '../../../shared/phone';
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
  type OnNewRequest,
  type Stored,
  type SubmissionTable,
} from '../../data/submissions';
import { mailOutbox } from '../../data/mail-outbox';
import { requests } from '../../data/requests';
import { notifyMailQueued } from '../../mail/mail-queue';
import { requestReceivedMail } from '../../mail/request-mails';
import { DatabaseFault } from '../../db/database-fault';
import { tooManyRequests } from '../../http/too-many-requests';
import type { RequestContext } from '../context';
import { publicProcedure, router } from '../trpc';

/** Test-only fault switch: a request header that makes a form fail as if the database had. */
export const FORMS_FAULT_HEADER = 'x-test-fault';

/**
 * A public procedure limited per IP and per form (the app's limiters, from the context), answered with 429 and the
 * RateLimit headers when over.
 */
const formProcedure = (table: SubmissionTable) =>
  publicProcedure.use(async ({ ctx, next }) => {
    const verdict = await ctx.formLimiters[table].hit(ctx.clientIp);
    if (!verdict.allowed)
      tooManyRequests(ctx.res, verdict, `form-${table}`, rateLimitMessage(verdict.retryAfterSeconds));
    return next();
  });

/**
 * Honoured only when NODE_ENV is 'test' (production and development ignore the
 * header; tests/server/trpc/routers/forms-fault-switch.test.ts proves it), so
 * browser tests can show the failure toast against the real server.
 */
function failIfFaultInjected(ctx: RequestContext) {
  if (ctx.env.NODE_ENV !== 'test') return;
  const fault = ctx.req?.get(FORMS_FAULT_HEADER);
  if (fault === 'forms') throw new Error('Injected test fault');
  // As the database layer reports a lock held past its retries: the real 503 path.
  if (fault === 'database-busy') throw new DatabaseFault('busy', { cause: new Error('Injected busy database') });
}

type BotFields = { website?: string | undefined; fillMs?: number | undefined };

/**
 * A filled honeypot (hidden from people; answered like a success, so a bot learns nothing) or an untimed post (not
 * sent by our pages). A timed post that came too fast may be a quick person: it is refused with a visible 'send it
 * again', never a false success (issue #15, ADR 0023).
 */
const looksLikeBot = (ctx: RequestContext, { website, fillMs }: BotFields) => {
  if (website || fillMs === undefined) return true;
  if (fillMs < MIN_FILL_MS) {
    ctx.logger.info('form too fast', { fillMs });
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: FORM_TOO_FAST_MESSAGE });
  }
  return false;
};

/** A bot is answered exactly like a person, so it learns nothing; nothing is stored. */
function botReply(ctx: RequestContext, table: SubmissionTable) {
  ctx.logger.info('form bot dropped', { form: table });
  return { reference: newReference(referencePrefixes[table]) };
}

function stored(ctx: RequestContext, table: SubmissionTable, { reference, created }: Stored) {
  ctx.logger.info(created ? 'form stored' : 'form repeat answered', { form: table, reference });
  return { reference };
}

/** The patient's receipt, queued in the transaction that stores the request (issue #13). */
const queueReceipt: OnNewRequest = async (trx, request) => {
  await mailOutbox.insert(trx, requestReceivedMail(request));
};

/**
 * A request seen for the first time is mailed and appears in every open staff inbox (issue #13), once it is
 * committed.
 */
async function storedRequest(ctx: RequestContext, table: SubmissionTable, result: Stored) {
  if (result.created) {
    notifyMailQueued();
    const row = await requests.rowByReference(ctx.db, result.reference);
    if (row) ctx.inboxEvents.announce({ kind: 'new', row });
  }
  return stored(ctx, table, result);
}

/** The typed phone and, beside it, its E.164 form (issue #23.4): both are stored. */
const withPhoneE164 = <T extends { phone: string | null }>(input: T) => ({
  ...input,
  phoneE164: phoneE164(input.phone),
});

export const formsRouter = router({
  subscribeNewsletter: formProcedure('newsletter_subscriptions')
    .input(newsletterSchema)
    .mutation(async ({ ctx, input }) => {
      if (looksLikeBot(ctx, input)) return botReply(ctx, 'newsletter_subscriptions');
      failIfFaultInjected(ctx);
      const result = await insertNewsletterSubscription(ctx.writes, input);
      if (result.status === 'duplicate')
        throw new TRPCError({ code: 'CONFLICT', message: NEWSLETTER_DUPLICATE_MESSAGE });
      return stored(ctx, 'newsletter_subscriptions', result);
    }),

  submitJobApplication: formProcedure('job_applications')
    .input(jobApplicationSchema)
    .mutation(async ({ ctx, input }) => {
      if (looksLikeBot(ctx, input)) return botReply(ctx, 'job_applications');
      failIfFaultInjected(ctx);
      return storedRequest(
        ctx,
        'job_applications',
        await insertJobApplication(ctx.writes, withPhoneE164(input), queueReceipt),
      );
    }),

  submitServiceOrder: formProcedure('service_orders')
    .input(serviceOrderSchema)
    .mutation(async ({ ctx, input }) => {
      if (looksLikeBot(ctx, input)) return botReply(ctx, 'service_orders');
      failIfFaultInjected(ctx);
      return storedRequest(
        ctx,
        'service_orders',
        await insertServiceOrder(ctx.writes, withPhoneE164(input), queueReceipt),
      );
    }),

  submitAppointment: formProcedure('appointments')
    .input(appointmentSchema)
    .mutation(async ({ ctx, input }) => {
      if (looksLikeBot(ctx, input)) return botReply(ctx, 'appointments');
      failIfFaultInjected(ctx);
      return storedRequest(
        ctx,
        'appointments',
        await insertAppointment(ctx.writes, withPhoneE164(input), queueReceipt),
      );
    }),

  submitTripPlan: formProcedure('trip_plans')
    .input(tripPlanSchema)
    .mutation(async ({ ctx, input }) => {
      if (looksLikeBot(ctx, input)) return botReply(ctx, 'trip_plans');
      failIfFaultInjected(ctx);
      return storedRequest(ctx, 'trip_plans', await insertTripPlan(ctx.writes, withPhoneE164(input), queueReceipt));
    }),
});
