/**
 * Queries on outbound_messages (issue #27): the queue of texts to patients' phones and their record. The worker in
 * server/messaging/messaging-worker.ts claims and sends; the webhooks route applies delivery receipts.
 */
import { sql, type Insertable, type Selectable } from 'kysely';
import type { AppDatabase } from '../db/database';
import { forUpdateSkipLocked } from '../db/dialect';
import type { OutboundChannel, OutboundMessagesTable, OutboundStatus } from '../db/schema';

/** How long a claimed message is left to the node that claimed it before another may send it (it crashed). */
export const MESSAGE_CLAIM_LEASE_MS = 2 * 60_000;

export type OutboundMessage = Selectable<OutboundMessagesTable>;
export type NewOutboundMessage = Omit<
  Insertable<OutboundMessagesTable>,
  'id' | 'status' | 'attempts' | 'created_at' | 'status_at' | 'sent_at' | 'provider' | 'provider_id' | 'last_error'
>;

/** The order delivery states come in: a late 'sent' receipt must not undo 'delivered'. */
const statusRank: Record<OutboundStatus, number> = {
  queued: 0,
  cancelled: 1,
  sent: 1,
  failed: 2,
  delivered: 3,
  read: 4,
};

export type MessageListFilter = {
  channel?: OutboundChannel | undefined;
  status?: OutboundStatus | undefined;
  template?: string | undefined;
  /** E.164 or its digits: messages to numbers that contain it. */
  recipient?: string | undefined;
  requestId?: number | undefined;
  /** Keyset paging: ids below this one. */
  before?: number | undefined;
  limit: number;
};

const iso = (ms: number) => new Date(ms).toISOString();

export const outboundMessages = {
  insert: (db: AppDatabase, message: NewOutboundMessage, now = Date.now()) =>
    db
      .insertInto('outbound_messages')
      .values({ ...message, created_at: iso(now), status_at: iso(now) })
      .returningAll()
      .executeTakeFirstOrThrow(),

  /**
   * Claims up to `limit` due messages for this node, oldest first: their next attempt moves a lease ahead, so no other
   * node sees them due; sending then sets them sent, or their next attempt.
   */
  claimDue: async (db: AppDatabase, now: number, limit: number, leaseMs = MESSAGE_CLAIM_LEASE_MS) => {
    const rows = await db
      .updateTable('outbound_messages')
      .set({ next_attempt_at: now + leaseMs })
      .where(
        'id',
        'in',
        forUpdateSkipLocked(
          db,
          db
            .selectFrom('outbound_messages')
            .select('id')
            .where('status', '=', 'queued')
            .where('next_attempt_at', '<=', now)
            .orderBy('next_attempt_at')
            .orderBy('id')
            .limit(limit),
        ),
      )
      .returningAll()
      .execute();
    return rows.sort((a, b) => a.id - b.id);
  },

  /** Earliest time something is due: a queued message, or a WhatsApp message's receipt deadline. */
  nextDueAt: async (db: AppDatabase) => {
    const [queued, fallback] = await Promise.all([
      db
        .selectFrom('outbound_messages')
        .select((eb) => eb.fn.min('next_attempt_at').as('next'))
        .where('status', '=', 'queued')
        .executeTakeFirst(),
      db
        .selectFrom('outbound_messages')
        .select((eb) => eb.fn.min('fallback_due_at').as('next'))
        .where('status', '=', 'sent')
        .executeTakeFirst(),
    ]);
    const times = [queued?.next, fallback?.next].filter((value) => value !== null && value !== undefined);
    return times.length ? Math.min(...times.map(Number)) : null;
  },

  markSent: (
    db: AppDatabase,
    id: number,
    sent: { provider: string; providerId: string; attempts: number; fallbackDueAt: number | null },
    now = Date.now(),
  ) =>
    db
      .updateTable('outbound_messages')
      .set({
        status: 'sent',
        provider: sent.provider,
        provider_id: sent.providerId,
        attempts: sent.attempts,
        fallback_due_at: sent.fallbackDueAt,
        last_error: null,
        sent_at: iso(now),
        status_at: iso(now),
      })
      .where('id', '=', id)
      .execute(),

  retryLater: (db: AppDatabase, id: number, attempts: number, nextAttemptAt: number, error: string) =>
    db
      .updateTable('outbound_messages')
      .set({ attempts, next_attempt_at: nextAttemptAt, last_error: error })
      .where('id', '=', id)
      .execute(),

  /** Given up, or cancelled before sending (consent withdrawn): what took over is kept beside it. */
  close: (
    db: AppDatabase,
    id: number,
    end: { status: 'failed' | 'cancelled'; attempts?: number; error: string; replacedBy: string | null },
    now = Date.now(),
  ) =>
    db
      .updateTable('outbound_messages')
      .set({
        status: end.status,
        ...(end.attempts === undefined ? {} : { attempts: end.attempts }),
        last_error: end.error,
        replaced_by: end.replacedBy,
        fallback_due_at: null,
        status_at: iso(now),
      })
      .where('id', '=', id)
      .execute(),

  /** Notes what took over from a message that was sent but never reached the phone. */
  setReplacedBy: (db: AppDatabase, id: number, replacedBy: string) =>
    db.updateTable('outbound_messages').set({ replaced_by: replacedBy }).where('id', '=', id).execute(),

  /**
   * A provider's receipt. It moves the status forward only (receipts arrive out of order) and ends the wait for one.
   * Returns the row as changed, or undefined when the id is unknown or the receipt is older news.
   */
  applyReceipt: async (
    db: AppDatabase,
    receipt: {
      provider: string;
      providerId: string;
      status: 'sent' | 'delivered' | 'read' | 'failed';
      at: string;
      error?: string;
    },
  ) => {
    const lower = (Object.keys(statusRank) as OutboundStatus[]).filter(
      (status) => statusRank[status] < statusRank[receipt.status],
    );
    return db
      .updateTable('outbound_messages')
      .set({
        status: receipt.status,
        // A provider's clock counts in seconds (Termii) or is late: never before the send, so the history reads in
        // order.
        status_at: sql<string>`case when sent_at is not null and sent_at > ${receipt.at} then sent_at else ${receipt.at} end`,
        fallback_due_at: null,
        ...(receipt.error ? { last_error: receipt.error } : {}),
      })
      .where('provider', '=', receipt.provider)
      .where('provider_id', '=', receipt.providerId)
      .where('status', 'in', lower)
      .returningAll()
      .executeTakeFirst();
  },

  /**
   * Claims sent WhatsApp messages whose receipt deadline passed: their deadline is cleared in the same statement, so
   * one node alone sends each one's fallback.
   */
  claimFallbackDue: (db: AppDatabase, now: number, limit: number) =>
    db
      .updateTable('outbound_messages')
      .set({ fallback_due_at: null })
      .where(
        'id',
        'in',
        forUpdateSkipLocked(
          db,
          db
            .selectFrom('outbound_messages')
            .select('id')
            .where('status', '=', 'sent')
            .where('fallback_due_at', '<=', now)
            .orderBy('fallback_due_at')
            .limit(limit),
        ),
      )
      .returningAll()
      .execute(),

  /** Queued messages to a number on a channel: cancelled when its consent is withdrawn. */
  queuedTo: (db: AppDatabase, recipient: string, channel: OutboundChannel) =>
    db
      .selectFrom('outbound_messages')
      .selectAll()
      .where('recipient', '=', recipient)
      .where('channel', '=', channel)
      .where('status', '=', 'queued')
      .execute(),

  list: (db: AppDatabase, filter: MessageListFilter) => {
    let query = db.selectFrom('outbound_messages').selectAll();
    if (filter.channel) query = query.where('channel', '=', filter.channel);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.template) query = query.where('template', '=', filter.template);
    if (filter.requestId !== undefined) query = query.where('request_id', '=', filter.requestId);
    if (filter.recipient) {
      const digits = filter.recipient.replace(/\D/g, '');
      if (digits) query = query.where('recipient', 'like', `%${digits}%`);
    }
    if (filter.before !== undefined) query = query.where('id', '<', filter.before);
    return query.orderBy('id', 'desc').limit(filter.limit).execute();
  },

  forRequest: (db: AppDatabase, requestId: number) =>
    db.selectFrom('outbound_messages').selectAll().where('request_id', '=', requestId).orderBy('id').execute(),

  /** The texts still waiting to go and when the oldest was queued: /healthz reports the queue's age. */
  queueState: async (db: AppDatabase) => {
    const row = await db
      .selectFrom('outbound_messages')
      .select((eb) => [eb.fn.countAll<number>().as('queued'), eb.fn.min('created_at').as('oldest')])
      .where('status', '=', 'queued')
      .executeTakeFirst();
    return { queued: Number(row?.queued ?? 0), oldestCreatedAt: row?.oldest ?? null };
  },

  /** Records a provider event once; false when it was seen before (a provider retrying its callback). */
  firstSighting: async (db: AppDatabase, provider: string, eventId: string, now = Date.now()) => {
    const inserted = await db
      .insertInto('messaging_webhook_events')
      .values({ provider, event_id: eventId, received_at: iso(now) })
      .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  /** Whether a text with this provider id was stored: a receipt for none came before its send was recorded. */
  knownProviderId: async (db: AppDatabase, provider: string, providerId: string) =>
    (await db
      .selectFrom('outbound_messages')
      .select('id')
      .where('provider', '=', provider)
      .where('provider_id', '=', providerId)
      .executeTakeFirst()) !== undefined,

  /** Keeps a receipt for a provider id not stored yet (see messaging_early_receipts in migrations/0080). */
  keepEarlyReceipt: (
    db: AppDatabase,
    receipt: {
      provider: string;
      providerId: string;
      status: 'sent' | 'delivered' | 'read' | 'failed';
      at: string;
      error?: string;
    },
    now = Date.now(),
  ) =>
    db
      .insertInto('messaging_early_receipts')
      .values({
        provider: receipt.provider,
        provider_id: receipt.providerId,
        status: receipt.status,
        at: receipt.at,
        error: receipt.error ?? null,
        received_at: iso(now),
      })
      .execute(),

  /** Takes the receipts kept for a provider id, oldest first: each is handed out once. */
  takeEarlyReceipts: (db: AppDatabase, provider: string, providerId: string) =>
    db
      .deleteFrom('messaging_early_receipts')
      .where('provider', '=', provider)
      .where('provider_id', '=', providerId)
      .returningAll()
      .execute()
      .then((rows) => rows.sort((a, b) => a.id - b.id)),

  /** Receipts for ids that never came (another system's texts, a provider's mistake): dropped after a day. */
  dropStaleEarlyReceipts: (db: AppDatabase, now = Date.now()) =>
    db
      .deleteFrom('messaging_early_receipts')
      .where('received_at', '<', iso(now - 86_400_000))
      .execute(),

  /** An event whose change failed is forgotten, so the provider's retry applies it. */
  forgetSighting: (db: AppDatabase, provider: string, eventId: string) =>
    db
      .deleteFrom('messaging_webhook_events')
      .where('provider', '=', provider)
      .where('event_id', '=', eventId)
      .execute(),
};
