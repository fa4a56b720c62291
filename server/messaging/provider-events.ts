/**
 * What a provider's callback changes (issue #27.6): a receipt moves its message's status forward (a failed SMS hands
 * it to e-mail); an inbound STOP withdraws that number's consent on that channel and cancels what was queued for it.
 * Each event is applied once: providers retry their callbacks, and a repeat changes nothing.
 */
import { isStopKeyword } from '../../shared/messaging/consent';
import type { AuditLog } from '../audit/audit-log';
import { messageConsents } from '../data/message-consents';
import { outboundMessages } from '../data/outbound-messages';
import type { AppDatabase } from '../db/database';
import type { Logger } from '../logger';
import type { MailQueue } from '../mail/mail-queue';
import type { Messaging } from './messaging-service';
import type { PhoneChannel, ProviderEvent, ProviderName } from './messaging-types';
import { maskPhone } from './mask-phone';
import type { DeskInbox } from './desk-inbox';

export type ProviderEventDeps = {
  db: AppDatabase;
  logger: Logger;
  audit: AuditLog;
  messaging: Messaging;
  mail: MailQueue;
  /** The chat desk, for WhatsApp messages and receipts of desk messages (issue #30). */
  deskInbox?: DeskInbox;
};

export type AppliedEvents = { applied: number; repeats: number };

/** Withdraws a number's consent on a channel, and cancels its queued texts there (each handed to its fallback). */
export async function withdrawConsent(
  deps: ProviderEventDeps,
  change: {
    phoneE164: string;
    channel: PhoneChannel;
    source: string;
    userId?: number | null;
    requestId?: number | null;
  },
  now = Date.now(),
) {
  await deps.db.transaction().execute(async (trx) => {
    await messageConsents.record(
      trx,
      {
        phone_e164: change.phoneE164,
        channel: change.channel,
        action: 'withdrawn',
        wording_version: null,
        source: change.source,
        user_id: change.userId ?? null,
        request_id: change.requestId ?? null,
      },
      now,
    );
    for (const row of await outboundMessages.queuedTo(trx, change.phoneE164, change.channel)) {
      const next = await deps.messaging.fallBack(trx, row, now);
      await outboundMessages.close(
        trx,
        row.id,
        { status: 'cancelled', error: 'consent withdrawn', replacedBy: next },
        now,
      );
    }
  });
  deps.messaging.notifyQueued();
  deps.mail.notifyQueued();
  await deps.audit.record({
    type: 'messaging.opt_out',
    actorUserId: change.userId ?? null,
    subject: `phone:${maskPhone(change.phoneE164)}`,
    detail: { channel: change.channel, source: change.source },
  });
}

type Receipt = Extract<ProviderEvent, { kind: 'status' }>;

/**
 * A receipt moves its text's status forward; a failure hands the text to its fallback, once. A receipt for an id not
 * stored yet is kept until the worker stores it (applyEarlyReceipts).
 */
async function applyReceipt(
  deps: Pick<ProviderEventDeps, 'db' | 'messaging' | 'mail' | 'deskInbox'>,
  provider: ProviderName,
  event: Pick<Receipt, 'providerId' | 'status' | 'at' | 'error'>,
) {
  const receipt = {
    provider,
    providerId: event.providerId,
    status: event.status,
    at: event.at,
    ...(event.error ? { error: event.error } : {}),
  };
  const row = await outboundMessages.applyReceipt(deps.db, receipt);
  if (!row) {
    if (!(await outboundMessages.knownProviderId(deps.db, provider, event.providerId))) {
      await outboundMessages.dropStaleEarlyReceipts(deps.db);
      await outboundMessages.keepEarlyReceipt(deps.db, receipt);
    }
    return;
  }
  if (row.chat_message_id !== null) deps.deskInbox?.handler()?.receipt(row);
  if (row.status !== 'failed' || !row.fallback || row.replaced_by) return;
  const next = await deps.db.transaction().execute(async (trx) => {
    const replacedBy = await deps.messaging.fallBack(trx, row);
    if (replacedBy) await outboundMessages.setReplacedBy(trx, row.id, replacedBy);
    return replacedBy;
  });
  if (next) {
    deps.messaging.notifyQueued();
    deps.mail.notifyQueued();
  }
}

/** The receipts that came before the worker stored `providerId`, applied now that it is. */
export async function applyEarlyReceipts(
  deps: Pick<ProviderEventDeps, 'db' | 'messaging' | 'mail' | 'deskInbox'>,
  provider: ProviderName,
  providerId: string,
) {
  for (const early of await outboundMessages.takeEarlyReceipts(deps.db, provider, providerId))
    await applyReceipt(deps, provider, {
      providerId,
      status: early.status,
      at: early.at,
      ...(early.error ? { error: early.error } : {}),
    });
}

async function applyOne(deps: ProviderEventDeps, provider: ProviderName, event: ProviderEvent) {
  if (event.kind === 'status') return applyReceipt(deps, provider, event);
  if (isStopKeyword(event.text)) {
    await withdrawConsent(deps, { phoneE164: event.from, channel: event.channel, source: `inbound ${event.channel}` });
    return;
  }
  // WhatsApp messages are conversations in the chat desk (issue #30); an SMS reply has no desk to go to: logged.
  const desk = event.channel === 'whatsapp' ? deps.deskInbox?.handler() : null;
  if (desk) {
    const { from, text, at, eventId, media } = event;
    await desk.inbound({ from, text, at, eventId, ...(media ? { media } : {}) });
    return;
  }
  deps.logger.info('inbound message not handled', { provider, channel: event.channel, from: maskPhone(event.from) });
}

export async function applyProviderEvents(
  deps: ProviderEventDeps,
  provider: ProviderName,
  events: ProviderEvent[],
): Promise<AppliedEvents> {
  let applied = 0;
  let repeats = 0;
  for (const event of events) {
    if (!(await outboundMessages.firstSighting(deps.db, provider, event.eventId))) {
      repeats++;
      continue;
    }
    try {
      await applyOne(deps, provider, event);
    } catch (error) {
      await outboundMessages.forgetSighting(deps.db, provider, event.eventId);
      throw error;
    }
    applied++;
  }
  return { applied, repeats };
}
