/**
 * The texts a request sends to the patient's phone (issue #27.3), beside its e-mails: on receipt, when confirmed or
 * cancelled, and with staff's message. Queued in the transaction that made the change; nothing goes to a number
 * that did not agree to texts (messaging-service.ts plans by consent).
 */
import type { Transaction } from 'kysely';
import { requestTypeLabels, type RequestType } from '../../shared/requests';
import type { NewRequest } from '../data/requests';
import type { Database } from '../db/schema';
import type { RequestRow } from '../mail/request-mails';
import { staffWordsFit } from './message-templates';
import type { Messaging, QueuedBy } from './messaging-service';

type Trx = Transaction<Database>;

const nounOf = (type: RequestType) => requestTypeLabels[type].toLowerCase();

/** The receipt's text; its e-mail went already, so the text's fallback stops at the phone channels. */
export const queueReceivedText = (messaging: Messaging, trx: Trx, request: NewRequest, requestId: number) =>
  messaging.queue(trx, {
    template: 'request_received',
    params: { reference: request.reference, link: messaging.link(), noun: nounOf(request.type) },
    phoneE164: request.phoneE164,
    fallbackEmail: null,
    name: request.fullName,
    requestId,
  });

/**
 * Confirmed or cancelled: a text beside the e-mail requestStatusMail sends; a booked time moved (issue #28.4) sends
 * 'request_rescheduled'. Other moves send nothing.
 */
export function queueStatusText(
  messaging: Messaging,
  trx: Trx,
  request: RequestRow,
  event: 'status' | 'request_rescheduled' = 'status',
): Promise<QueuedBy> {
  const common = {
    phoneE164: request.phone_e164,
    fallbackEmail: null,
    name: request.full_name,
    requestId: request.id,
  };
  const params = { reference: request.reference, link: messaging.link(), noun: nounOf(request.type) };
  if (event === 'request_rescheduled' && request.confirmed_for)
    return messaging.queue(trx, {
      ...common,
      template: 'request_rescheduled',
      params: { ...params, when: request.confirmed_for },
    });
  if (request.status === 'confirmed')
    return messaging.queue(trx, {
      ...common,
      template: 'request_confirmed',
      params: { ...params, when: request.type === 'appointment' ? request.confirmed_for : null },
    });
  if (request.status === 'cancelled') return messaging.queue(trx, { ...common, template: 'request_cancelled', params });
  return Promise.resolve(null);
}

/**
 * Staff's 'Message to the patient': by the patient's text channel, else by e-mail (it had no e-mail of its own before
 * issue #27, and reached only account holders under 'My requests'). Words too long for a text go whole by e-mail
 * too, and the text says so.
 */
export async function queueStaffMessage(messaging: Messaging, trx: Trx, request: RequestRow, message: string) {
  const email = request.anonymised_at ? null : request.email;
  const cut = !staffWordsFit(message, request.reference);
  const base = {
    template: 'staff_message' as const,
    phoneE164: request.phone_e164,
    name: request.full_name,
    requestId: request.id,
  };
  const params = { reference: request.reference, link: messaging.link(), noun: nounOf(request.type), message };
  const queued = await messaging.queue(trx, {
    ...base,
    params: { ...params, emailed: cut && email !== null },
    fallbackEmail: email,
  });
  if (queued && queued.channel !== 'email' && cut && email)
    await messaging.queue(trx, {
      ...base,
      params: { ...params, emailed: false },
      phoneE164: null,
      fallbackEmail: email,
    });
  return queued;
}
