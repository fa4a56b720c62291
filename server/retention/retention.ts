/**
 * Retention (issue #13), as the privacy notice promises: chat messages older than CHAT_RETENTION_MONTHS are deleted
 * (and conversations left empty and quiet as long); requests closed (Done or Cancelled) more than the configured
 * months ago are anonymised: the inbox row, the form's own row and the history's texts lose every personal detail,
 * and keep what staff need for counts (type, status, dates, reference). Work goes in batches, each its own short
 * transaction, so the site never waits long; running it again changes nothing.
 */
import { sql } from 'kysely';
import { CHAT_RETENTION_MONTHS } from '../../shared/constants';
import type { AppDatabase } from '../db/database';
import type { RequestTypeColumn } from '../db/schema';

export const ANONYMISED_NAME = 'Removed';
export const REDACTED_TEXT = '[removed]';
const BATCH = 500;

/** The personal columns of each form's own table, emptied on anonymisation (name and e-mail are NOT NULL). */
const personalColumns: Record<
  RequestTypeColumn,
  { table: 'appointments' | 'service_orders' | 'trip_plans' | 'job_applications'; blank: Record<string, string | null> }
> = {
  appointment: {
    table: 'appointments',
    blank: { full_name: ANONYMISED_NAME, email: '', phone: null, phone_e164: null, message: null },
  },
  service_order: {
    table: 'service_orders',
    blank: { full_name: ANONYMISED_NAME, email: '', phone: null, phone_e164: null, message: null },
  },
  trip_plan: {
    table: 'trip_plans',
    blank: {
      full_name: ANONYMISED_NAME,
      email: '',
      phone: null,
      phone_e164: null,
      additional_requests: null,
      activity_interests: null,
    },
  },
  job_application: {
    table: 'job_applications',
    blank: {
      full_name: ANONYMISED_NAME,
      email: '',
      phone: null,
      phone_e164: null,
      resume_link: '',
      cover_letter: null,
    },
  },
};

/** `months` calendar months before `now`, as an ISO instant. */
export function monthsBefore(now: Date, months: number): string {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff.toISOString();
}

export type RetentionReport = {
  chatCutoff: string;
  requestCutoff: string;
  chatMessages: number;
  chatConversations: number;
  /** References of the requests anonymised (or that would be), oldest closed first. */
  requests: string[];
};

export async function runRetention(
  db: AppDatabase,
  options: { now?: Date; requestMonths: number; dryRun?: boolean },
): Promise<RetentionReport> {
  const now = options.now ?? new Date();
  const chatCutoff = monthsBefore(now, CHAT_RETENTION_MONTHS);
  const requestCutoff = monthsBefore(now, options.requestMonths);

  const dueRequests = () =>
    db
      .selectFrom('requests')
      .select(['id', 'reference', 'type', 'submission_id'])
      .where('closed_at', '<', requestCutoff)
      .where('anonymised_at', 'is', null)
      .orderBy('closed_at')
      .orderBy('id');
  const oldMessages = db.selectFrom('chat_messages').where('created_at', '<', chatCutoff);
  const emptyConversations = db
    .selectFrom('chat_conversations')
    .where('last_activity_at', '<', chatCutoff)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('chat_messages')
            .select('chat_messages.id')
            .whereRef('chat_messages.conversation_id', '=', 'chat_conversations.id')
            .where('chat_messages.created_at', '>=', chatCutoff),
        ),
      ),
    );

  if (options.dryRun) {
    const [messages, conversations, requests] = await Promise.all([
      oldMessages.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      emptyConversations.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      dueRequests().execute(),
    ]);
    return {
      chatCutoff,
      requestCutoff,
      chatMessages: Number(messages.count),
      chatConversations: Number(conversations.count),
      requests: requests.map((row) => row.reference),
    };
  }

  // A WhatsApp conversation's texts in the outbox (issue #30) carry the chat's words and number: they go with them.
  await db
    .updateTable('outbound_messages')
    .set({ recipient: '', text_body: REDACTED_TEXT, params: '{}' })
    .where('chat_message_id', 'in', oldMessages.select('id'))
    .where('text_body', '!=', REDACTED_TEXT)
    .execute();
  let chatMessages = 0;
  for (;;) {
    const deleted = await db
      .deleteFrom('chat_messages')
      .where('id', 'in', oldMessages.select('id').limit(BATCH))
      .executeTakeFirst();
    const count = Number(deleted.numDeletedRows);
    chatMessages += count;
    if (count < BATCH) break;
  }
  // Staff notes in a conversation are kept no longer than its messages (issue #29.3).
  await db.deleteFrom('chat_notes').where('created_at', '<', chatCutoff).execute();
  // So are the files patients sent in it (issue #30): a photo or a voice note is as personal as the words.
  await db.deleteFrom('chat_attachments').where('created_at', '<', chatCutoff).execute();
  const conversations = await db
    .deleteFrom('chat_conversations')
    .where('id', 'in', emptyConversations.select('id'))
    .executeTakeFirst();

  const anonymised: string[] = [];
  for (;;) {
    const batch = await dueRequests().limit(BATCH).execute();
    if (!batch.length) break;
    await db.transaction().execute(async (trx) => {
      const stamp = new Date().toISOString();
      for (const request of batch) {
        const { table, blank } = personalColumns[request.type];
        await trx.updateTable(table).set(blank).where('id', '=', request.submission_id).execute();
      }
      const ids = batch.map((request) => request.id);
      await trx
        .updateTable('requests')
        .set({
          full_name: ANONYMISED_NAME,
          email: '',
          phone: null,
          phone_e164: null,
          patient_message: null,
          cancel_reason: null,
          anonymised_at: stamp,
        })
        .where('id', 'in', ids)
        .execute();
      // Texts to the patient (issue #27): their number, words and e-mail go; channel, template and status stay.
      await trx
        .updateTable('outbound_messages')
        .set({ recipient: '', text_body: REDACTED_TEXT, params: '{}', fallback_email: null })
        .where('request_id', 'in', ids)
        .execute();
      // The only update the history's append-only trigger allows.
      await trx
        .updateTable('request_events')
        .set({ body: REDACTED_TEXT })
        .where('request_id', 'in', ids)
        .where('body', 'is not', null)
        .where(sql<boolean>`body != ${REDACTED_TEXT}`)
        .execute();
    });
    anonymised.push(...batch.map((request) => request.reference));
  }

  return {
    chatCutoff,
    requestCutoff,
    chatMessages,
    chatConversations: Number(conversations.numDeletedRows),
    requests: anonymised,
  };
}
