/** The support desk's queries (issue #14): status, contact, follow-ups, ratings, canned replies, identity merge. */
import { sql, type Kysely } from 'kysely';
import type { ConversationStatus, RatingSummary } from '../../shared/chat-events';
import type { AppDatabase } from '../db/database';
import { forUpdate, greatest } from '../db/dialect';
import type { Database } from '../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

export const chatDesk = {
  /**
   * Sets the status. Resolving clears the urgent mark, the bot's waiting period and any question about a contact, and
   * asks the visitor for a rating; reopening clears the resolved time. Returns false when the room does not exist.
   */
  setStatus: async (db: AppDatabase, id: number, status: ConversationStatus) => {
    const now = new Date().toISOString();
    const result = await db
      .updateTable('chat_conversations')
      .set(
        status === 'resolved'
          ? {
              status,
              resolved_at: now,
              urgent_at: null,
              bot_acked_at: null,
              awaiting_contact: 0,
              rating_requested: 1,
            }
          : { status, resolved_at: null },
      )
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Out of hours: the bot asked for a contact (1), or said once that the answer was not one (2); 0 = not asking. */
  setAwaitingContact: (db: Kysely<Database>, id: number, state: 0 | 1 | 2) =>
    db.updateTable('chat_conversations').set({ awaiting_contact: state }).where('id', '=', id).execute(),

  saveFollowUpContact: (db: Kysely<Database>, id: number, contact: { kind: 'email' | 'whatsapp'; value: string }) =>
    db
      .updateTable('chat_conversations')
      .set({ follow_up_kind: contact.kind, follow_up_value: contact.value, awaiting_contact: 0 })
      .where('id', '=', id)
      .execute(),

  markWhatsApp: (db: AppDatabase, id: number) =>
    db.updateTable('chat_conversations').set({ whatsapp_at: new Date().toISOString() }).where('id', '=', id).execute(),

  /** Moves the visitor's seen marker forward (never back). */
  markSeen: (db: AppDatabase, id: number, messageId: number) =>
    db
      .updateTable('chat_conversations')
      .set({ visitor_seen_message_id: greatest(db, sql.ref('visitor_seen_message_id'), messageId) })
      .where('id', '=', id)
      .execute(),

  /** Stores the visitor's rating of a resolved conversation; false when no rating was asked for. */
  saveRating: (db: AppDatabase, id: number, rating: number, comment: string | null) =>
    db.transaction().execute(async (trx) => {
      const asked = await trx
        .updateTable('chat_conversations')
        .set({ rating_requested: 0 })
        .where('id', '=', id)
        .where('rating_requested', '=', 1)
        .executeTakeFirst();
      if (Number(asked.numUpdatedRows) === 0) return false;
      await trx
        .insertInto('chat_ratings')
        .values({ conversation_id: id, rating, comment, created_at: new Date().toISOString() })
        .execute();
      return true;
    }),

  ratingSummary: async (db: AppDatabase, now = new Date()): Promise<RatingSummary> => {
    const since = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
    const window = async (days: number) => {
      const row = await db
        .selectFrom('chat_ratings')
        .select([sql<number | null>`avg(rating)`.as('average'), sql<number>`count(*)`.as('count')])
        .where('created_at', '>=', since(days))
        .executeTakeFirstOrThrow();
      const count = Number(row.count);
      return { average: count ? Math.round(Number(row.average) * 10) / 10 : null, count };
    };
    return { last7Days: await window(7), last30Days: await window(30) };
  },

  listCannedReplies: (db: AppDatabase) =>
    db.selectFrom('chat_canned_replies').select(['id', 'title', 'body']).orderBy('id').execute(),

  /** Adds (no id) or edits a canned reply; null when the id does not exist. */
  saveCannedReply: async (db: AppDatabase, input: { id?: number; title: string; body: string }) => {
    const now = new Date().toISOString();
    if (input.id === undefined)
      return db
        .insertInto('chat_canned_replies')
        .values({ title: input.title, body: input.body, updated_at: now })
        .returning(['id', 'title', 'body'])
        .executeTakeFirstOrThrow();
    return (
      (await db
        .updateTable('chat_canned_replies')
        .set({ title: input.title, body: input.body, updated_at: now })
        .where('id', '=', input.id)
        .returning(['id', 'title', 'body'])
        .executeTakeFirst()) ?? null
    );
  },

  deleteCannedReply: async (db: AppDatabase, id: number) =>
    Number((await db.deleteFrom('chat_canned_replies').where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0,

  /** Owes the visitor an e-mail of the agent's replies at `dueAt`, unless one is already owed. */
  scheduleFollowUp: (db: AppDatabase, conversationId: number, dueAt: string) =>
    db
      .insertInto('chat_pending_followups')
      .values({ conversation_id: conversationId, due_at: dueAt })
      .onConflict((oc) => oc.column('conversation_id').doNothing())
      .returning(['id', 'conversation_id', 'due_at'])
      .executeTakeFirst(),

  listPendingFollowUps: (db: AppDatabase) =>
    db.selectFrom('chat_pending_followups').select(['id', 'conversation_id', 'due_at']).orderBy('due_at').execute(),

  /**
   * Claims an owed follow-up (in the transaction that queues its mail): true for the one caller that deleted it. On
   * PostgreSQL a racing node's delete waits for the first transaction, then finds nothing: one mail.
   */
  takeFollowUp: async (trx: Kysely<Database>, id: number) =>
    (await trx.deleteFrom('chat_pending_followups').where('id', '=', id).returning('id').executeTakeFirst()) !==
    undefined,

  postponeFollowUp: (db: AppDatabase, id: number, dueAt: string) =>
    db.updateTable('chat_pending_followups').set({ due_at: dueAt }).where('id', '=', id).execute(),

  /** Agent messages the visitor has neither seen nor been e-mailed. */
  unseenAgentMessages: (db: Kysely<Database>, conversationId: number) =>
    db
      .selectFrom('chat_messages as m')
      .innerJoin('chat_conversations as c', 'c.id', 'm.conversation_id')
      .leftJoin('users as agents', 'agents.id', 'm.agent_id')
      .select(['m.id', 'm.message', 'm.created_at', 'agents.full_name as agent_name'])
      .where('m.conversation_id', '=', conversationId)
      .where('m.sender', '=', 'agent')
      .where((eb) =>
        eb('m.id', '>', greatest(db, sql.ref('c.visitor_seen_message_id'), sql.ref('c.followed_up_message_id'))),
      )
      .orderBy('m.id')
      .execute(),

  markFollowedUp: (db: Kysely<Database>, id: number, messageId: number) =>
    db
      .updateTable('chat_conversations')
      .set({ followed_up_message_id: greatest(db, sql.ref('followed_up_message_id'), messageId) })
      .where('id', '=', id)
      .execute(),

  /** The address a follow-up or transcript goes to: the patient's account, else the e-mail the visitor gave. */
  visitorAddress: async (db: AppDatabase, conversationId: number) => {
    const row = await db
      .selectFrom('chat_conversations as c')
      .leftJoin('users as visitor', 'visitor.id', 'c.user_id')
      .select([
        'visitor.email',
        'visitor.full_name',
        'c.contact_email',
        'c.contact_name',
        'c.follow_up_kind',
        'c.follow_up_value',
      ])
      .where('c.id', '=', conversationId)
      .executeTakeFirst();
    if (!row) return null;
    if (row.email) return { email: row.email, name: row.full_name };
    // One an agent added or corrected in the chat (issue #29.4) comes before one the bot collected.
    if (row.contact_email) return { email: row.contact_email, name: row.contact_name };
    if (row.follow_up_kind === 'email' && row.follow_up_value) return { email: row.follow_up_value, name: null };
    return null;
  },

  /** The WhatsApp number a visitor left the bot out of hours (E.164), or null. */
  visitorWhatsApp: async (db: Kysely<Database>, conversationId: number) => {
    const row = await db
      .selectFrom('chat_conversations')
      .select(['follow_up_kind', 'follow_up_value'])
      .where('id', '=', conversationId)
      .executeTakeFirst();
    return row?.follow_up_kind === 'whatsapp' ? row.follow_up_value : null;
  },

  /**
   * A visitor signed in mid-chat: their anonymous conversation becomes the patient's. With no conversation of their
   * own it is re-keyed; otherwise its messages move into the patient's (ids keep their order) and it goes.
   * Returns the patient's conversation id, or null when there was nothing to merge.
   */
  mergeIntoPatient: (db: AppDatabase, anonymousKey: string, userId: number) =>
    db.transaction().execute(async (trx) => {
      const patientKey = `u:${userId}`;
      // Locked (PostgreSQL): two log-ins of one visitor on two nodes merge once; the second finds the row gone.
      const anonymous = await forUpdate(
        trx,
        trx.selectFrom('chat_conversations').selectAll().where('visitor_key', '=', anonymousKey),
      ).executeTakeFirst();
      if (!anonymous) return null;
      const patient = await trx
        .selectFrom('chat_conversations')
        .select(['id', 'last_activity_at'])
        .where('visitor_key', '=', patientKey)
        .executeTakeFirst();
      if (!patient) {
        await trx
          .updateTable('chat_conversations')
          .set({ visitor_key: patientKey, user_id: userId })
          .where('id', '=', anonymous.id)
          .execute();
        return anonymous.id;
      }
      await trx
        .updateTable('chat_messages')
        .set({ conversation_id: patient.id })
        .where('conversation_id', '=', anonymous.id)
        .execute();
      await trx
        .updateTable('chat_pending_replies')
        .set({ conversation_id: patient.id })
        .where('conversation_id', '=', anonymous.id)
        .execute();
      await trx
        .updateTable('chat_notes')
        .set({ conversation_id: patient.id })
        .where('conversation_id', '=', anonymous.id)
        .execute();
      // The files the visitor sent follow their messages (issue #30), rather than go with the deleted conversation.
      await trx
        .updateTable('chat_attachments')
        .set({ conversation_id: patient.id })
        .where('conversation_id', '=', anonymous.id)
        .execute();
      await trx
        .updateTable('chat_conversations')
        .set({
          last_activity_at:
            anonymous.last_activity_at > patient.last_activity_at
              ? anonymous.last_activity_at
              : patient.last_activity_at,
          status: 'open',
          resolved_at: null,
          urgent_at: sql<string | null>`coalesce(urgent_at, ${anonymous.urgent_at})`,
          assigned_agent_id: sql<number | null>`coalesce(assigned_agent_id, ${anonymous.assigned_agent_id})`,
          follow_up_kind: sql<'email' | 'whatsapp' | null>`coalesce(follow_up_kind, ${anonymous.follow_up_kind})`,
          contact_name: sql<string | null>`coalesce(contact_name, ${anonymous.contact_name})`,
          contact_email: sql<string | null>`coalesce(contact_email, ${anonymous.contact_email})`,
          contact_phone: sql<string | null>`coalesce(contact_phone, ${anonymous.contact_phone})`,
          follow_up_value: sql<string | null>`coalesce(follow_up_value, ${anonymous.follow_up_value})`,
        })
        .where('id', '=', patient.id)
        .execute();
      await trx.deleteFrom('chat_conversations').where('id', '=', anonymous.id).execute();
      return patient.id;
    }),
};
