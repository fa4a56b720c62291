/**
 * The stored public forms (spec sections 5, 7, 8; issues #4, #13): a bot screen, then one transaction (the form's row,
 * for a request its inbox row and the patient's receipt), then, once committed, the mail worker is woken and the new
 * request appears in every open staff inbox. The answer is the row's short reference.
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { CONSENT_NEEDS_MOBILE_MESSAGE } from '../../shared/messaging/consent';
import { FORM_TOO_FAST_MESSAGE, MIN_FILL_MS, NEWSLETTER_DUPLICATE_MESSAGE } from '../../shared/form-messages';
import { normalisePhone } from '../../shared/phone';
import type { AppointmentData } from '../../shared/schemas/appointment';
import type { JobApplicationData } from '../../shared/schemas/job-application';
import type { NewsletterData } from '../../shared/schemas/newsletter';
import type { ServiceOrderData } from '../../shared/schemas/service-order';
import type { TripPlanData } from '../../shared/schemas/trip-plan';
import {
  insertAppointment,
  insertJobApplication,
  insertNewsletterSubscription,
  insertServiceOrder,
  insertTripPlan,
  newReference,
  referencePrefixes,
  type AlongWithRequest,
  type StoredRequest,
  type SubmissionTable,
  type WithPhoneE164,
} from '../data/submissions';
import type { WriteBatcher } from '../db/write-batcher';
import { requestReceivedMail } from '../mail/request-mails';
import { recordFormConsents } from '../messaging/consents';
import { queueReceivedText } from '../messaging/request-texts';
import type { RequestDeps } from './request-deps';

export type SubmitDeps = Pick<RequestDeps, 'writes' | 'mail' | 'messaging' | 'inboxEvents' | 'logger'>;

/** What each request form's table stores, as its schema parses it. */
type RequestForms = {
  job_applications: JobApplicationData;
  service_orders: ServiceOrderData;
  appointments: AppointmentData;
  trip_plans: TripPlanData;
};
export type RequestTable = keyof RequestForms;

const inserts: {
  [T in RequestTable]: (
    writes: WriteBatcher,
    data: WithPhoneE164<RequestForms[T]>,
    along: AlongWithRequest,
  ) => Promise<StoredRequest>;
} = {
  job_applications: insertJobApplication,
  service_orders: insertServiceOrder,
  appointments: insertAppointment,
  trip_plans: insertTripPlan,
};

type BotFields = { website?: string | undefined; fillMs?: number | undefined };

/**
 * A filled honeypot (hidden from people; answered like a success, so a bot learns nothing) or an untimed post (not
 * sent by our pages). A timed post that came too fast may be a quick person: it is refused with a visible 'send it
 * again', never a false success (issue #15, ADR 0023).
 */
export function looksLikeBot(deps: SubmitDeps, { website, fillMs }: BotFields) {
  if (website || fillMs === undefined) return true;
  if (fillMs < MIN_FILL_MS) {
    deps.logger.info('form too fast', { fillMs });
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: FORM_TOO_FAST_MESSAGE });
  }
  return false;
}

/** A bot is answered exactly like a person, so it learns nothing; nothing is stored. */
export function botReply(deps: SubmitDeps, table: SubmissionTable) {
  deps.logger.info('form bot dropped', { form: table });
  return { reference: newReference(referencePrefixes[table]) };
}

function answered(
  deps: SubmitDeps,
  table: SubmissionTable,
  { reference, created }: { reference: string; created: boolean },
) {
  deps.logger.info(created ? 'form stored' : 'form repeat answered', { form: table, reference });
  return { reference };
}

type Consents = { smsConsent: boolean; whatsappConsent: boolean };

/**
 * The patient's receipt, queued in the transaction that stores the request (issue #13), with the consent to texts
 * they gave on the form and, when they did, the receipt's text (issue #27).
 */
const receiptFor = (deps: SubmitDeps, consents: Consents, queued: { text: boolean }): AlongWithRequest => ({
  receipt: requestReceivedMail,
  onNew: async (trx, request, inboxRow) => {
    if (request.phoneE164)
      await recordFormConsents(trx, request.phoneE164, consents, {
        source: `${request.type} form`,
        requestId: inboxRow.id,
      });
    // Set, not or-ed: the batcher may run a job twice, the first time in a transaction it rolls back (ADR 0052).
    queued.text = (await queueReceivedText(deps.messaging, trx, request, inboxRow.id)) !== null;
  },
});

/**
 * The phone in E.164. A box ticked for texts beside a number that cannot take them (not valid, not a mobile) is refused
 * on that box: the form must not promise texts the number will never get.
 */
export function textablePhone(typed: string | null, consents: Consents): string | null {
  const phone = normalisePhone(typed);
  const ticked = (['smsConsent', 'whatsappConsent'] as const).filter((field) => consents[field]);
  if (ticked.length && !phone?.mobile)
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: CONSENT_NEEDS_MOBILE_MESSAGE,
      // From a failing parse: a ZodError made with `new` is not an Error, so tRPC would wrap it and the field
      // errors would never reach the form (server/auth/accounts.ts builds its field errors the same way).
      cause: z
        .object(
          Object.fromEntries(
            ticked.map((field) => [field, z.custom(() => false, { error: CONSENT_NEEDS_MOBILE_MESSAGE })]),
          ),
        )
        .safeParse(Object.fromEntries(ticked.map((field) => [field, true]))).error,
    });
  return phone?.e164 ?? null;
}

/**
 * Stores a request form once per idempotency key. The first time, its receipt goes to the mail worker and its inbox
 * row, as the insert returned it, to every open staff inbox; a retry of the same key answers the same reference.
 */
export async function submitRequest<T extends RequestTable>(
  deps: SubmitDeps,
  table: T,
  input: RequestForms[T],
): Promise<{ reference: string }> {
  if (looksLikeBot(deps, input)) return botReply(deps, table);
  const { smsConsent, whatsappConsent, ...fields } = input;
  // The typed phone and, beside it, its E.164 form (issue #23.4): both are stored.
  const e164 = textablePhone(input.phone, { smsConsent, whatsappConsent });
  const queued = { text: false };
  const result = await inserts[table](
    deps.writes,
    { ...fields, phoneE164: e164 },
    receiptFor(deps, { smsConsent, whatsappConsent }, queued),
  );
  if (result.inboxRow) {
    deps.mail.notifyQueued();
    // The text worker is woken only for a text: woken for nothing it looks at its queue in vain, two round trips on
    // PostgreSQL per form (ADR 0052).
    if (queued.text) deps.messaging.notifyQueued();
    deps.inboxEvents.announce({ kind: 'new', row: result.inboxRow });
  }
  return answered(deps, table, result);
}

/** Stores an address once, without regard to case; an address already on the list is a CONFLICT. */
export async function subscribeNewsletter(deps: SubmitDeps, input: NewsletterData): Promise<{ reference: string }> {
  if (looksLikeBot(deps, input)) return botReply(deps, 'newsletter_subscriptions');
  const result = await insertNewsletterSubscription(deps.writes, input);
  if (result.status === 'duplicate') throw new TRPCError({ code: 'CONFLICT', message: NEWSLETTER_DUPLICATE_MESSAGE });
  return answered(deps, 'newsletter_subscriptions', result);
}
