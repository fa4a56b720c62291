/**
 * Storing one chat message exactly once per client id, group-committed with the others arriving together (the app's
 * write batcher). A visitor's first message creates its conversation in the same write.
 */
import type { Transaction } from 'kysely';
import { chat, type ConversationRow, type MessageRow } from '../data/chat';
import { isUniqueViolation } from '../data/users';
import type { AppDatabase } from '../db/database';
import type { ChatSenderColumn, Database } from '../db/schema';
import type { WriteBatcher } from '../db/write-batcher';

export type StoreInput = {
  /** Null with `newConversation`: the visitor's first message. */
  conversationId: number | null;
  newConversation?: { visitorKey: string; userId: number | null; page: string | null };
  sender: ChatSenderColumn;
  message: string;
  clientId: string | null;
  agentId: number | null;
  agentName: string | null;
  /** A visitor's message owed a bot reply: stored with it, due this long after the message. */
  replyDelayMs?: number;
  urgent?: boolean;
  /** Runs in the transaction that stores the message (a WhatsApp reply is queued with it). */
  inTransaction?: (
    trx: Transaction<Database>,
    row: { id: number; sender: ChatSenderColumn; message: string },
  ) => Promise<unknown>;
};

export type StoredMessage = {
  row: MessageRow;
  created: boolean;
  pendingReply: { id: number; due_at: string } | null;
  /** The conversation as the message left it (null for a client id already stored). */
  conversation: ConversationRow | null;
};

/**
 * One conversation's messages commit in the order they were sent (the write batcher's lanes, ADR 0053). A first
 * message has no conversation yet: its visitor's messages sent before it committed found none either, so they carry
 * the same key; once it has committed, the order no longer depends on the lane.
 */
const orderKeyOf = (input: StoreInput) => input.conversationId ?? input.newConversation?.visitorKey;

/**
 * Stores one message (group-committed with others arriving together). A client id already
 * stored in this conversation returns that row with created = false; one stored in another
 * conversation is refused without revealing it.
 */
export async function storeOnce(db: AppDatabase, writes: WriteBatcher, input: StoreInput): Promise<StoredMessage> {
  try {
    const {
      pending_reply: pendingReply,
      conversation,
      ...row
    } = await writes.run(async (trx) => {
      const conversationId = input.newConversation
        ? (await chat.ensureConversation(trx, input.newConversation)).id
        : input.conversationId!;
      const inserted = await chat.insertMessageRow(trx, { ...input, conversationId });
      if (input.inTransaction) await input.inTransaction(trx, inserted);
      return inserted;
    }, orderKeyOf(input));
    return {
      row: { ...row, agent_name: input.agentName },
      created: true,
      pendingReply,
      conversation: conversation ?? null,
    };
  } catch (error) {
    if (!input.clientId || !isUniqueViolation(error)) throw error;
    const existing = await chat.findMessageByClientId(db, input.clientId);
    if (!existing || existing.conversation_id !== input.conversationId) throw new DuplicateClientIdError();
    return { row: existing, created: false, pendingReply: null, conversation: null };
  }
}

/** A client id that belongs to another conversation (a forged or colliding id). */
export class DuplicateClientIdError extends Error {
  override name = 'DuplicateClientIdError';
}
