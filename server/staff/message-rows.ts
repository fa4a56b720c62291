/**
 * Texts to patients as the staff pages list them (issue #27.2): the Messages page's pages and a request's texts with
 * its number's consent. Template values stay on the server: the rows carry the readable parts only.
 */
import type {
  ConsentChangeView,
  MessageFilter,
  MessageRow,
  RequestTexts,
  TextChannel,
} from '../../shared/messaging/staff-messages';
import { MESSAGES_PAGE_SIZE, recipientDigits } from '../../shared/messaging/staff-messages';
import { messageConsents } from '../data/message-consents';
import { outboundMessages, type OutboundMessage } from '../data/outbound-messages';
import { requestReferences } from '../data/request-references';
import type { AppDatabase } from '../db/database';

function toMessageRow(row: OutboundMessage, reference: string | null): MessageRow {
  return {
    id: row.id,
    createdAt: row.created_at,
    recipient: row.recipient,
    channel: row.channel,
    template: row.template,
    status: row.status,
    attempts: row.attempts,
    segments: row.segments,
    encoding: row.encoding,
    provider: row.provider,
    requestId: row.request_id,
    requestReference: reference,
    lastError: row.last_error,
    replacedBy: row.replaced_by,
    sentAt: row.sent_at,
    statusAt: row.status_at,
    nextAttemptAt: row.status === 'queued' ? new Date(Number(row.next_attempt_at)).toISOString() : null,
  };
}

async function withReferences(db: AppDatabase, rows: OutboundMessage[]) {
  const references = await requestReferences(
    db,
    rows.flatMap((row) => (row.request_id === null ? [] : [row.request_id])),
  );
  return rows.map((row) =>
    toMessageRow(row, row.request_id === null ? null : (references.get(row.request_id) ?? null)),
  );
}

/** One page, newest first, below `cursor`; `nextCursor` is where the next page starts, null on the last. */
export async function listMessageRows(db: AppDatabase, input: MessageFilter & { cursor?: number | undefined }) {
  const { cursor, ...filter } = input;
  const digits = recipientDigits(filter.recipient);
  // One more than a page tells whether another page follows without a count.
  const rows = await outboundMessages.list(db, {
    ...filter,
    recipient: digits || undefined,
    before: cursor,
    limit: MESSAGES_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, MESSAGES_PAGE_SIZE);
  return {
    rows: await withReferences(db, page),
    nextCursor: rows.length > MESSAGES_PAGE_SIZE ? page[page.length - 1]!.id : null,
  };
}

const CHANNELS: TextChannel[] = ['sms', 'whatsapp'];

/** A request's texts, oldest first, and where its number's consent stands on each channel. */
export async function requestTexts(
  db: AppDatabase,
  request: { id: number; reference: string; phone_e164: string | null },
): Promise<RequestTexts> {
  const messages = (await outboundMessages.forRequest(db, request.id)).map((row) =>
    toMessageRow(row, request.reference),
  );
  const phone = request.phone_e164;
  if (!phone) return { phoneE164: null, messages, consent: null, consentHistory: [] };
  const [state, history] = await Promise.all([messageConsents.stateOf(db, phone), messageConsents.history(db, phone)]);
  const consent = Object.fromEntries(
    CHANNELS.map((channel) => {
      const current = state[channel];
      return [channel, current ? { granted: current.granted, at: current.at, source: current.source } : null];
    }),
  ) as RequestTexts['consent'];
  const consentHistory: ConsentChangeView[] = history.map((change) => ({
    id: change.id,
    channel: change.channel,
    granted: change.action === 'granted',
    at: change.created_at,
    source: change.source,
  }));
  return { phoneE164: phone, messages, consent, consentHistory };
}
