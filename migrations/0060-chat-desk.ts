import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { autoIncrementPrimaryKey, createTrigramIndexes, dropIndexes, engineOf } from '../server/db/dialect';

// The chat becomes a support desk (issue #14):
// - conversations get a status, an urgent mark, the follow-up contact the visitor gave the bot, when they moved to
//   WhatsApp, what the visitor has seen, and whether the bot has acknowledged the current waiting period;
// - read markers are per agent (chat_agent_reads), so one agent opening a room clears only their badge;
// - `chat_messages_search`: trigram full-text index over message text, kept by triggers (retention deletes too);
//   PostgreSQL: a trigram GIN index on chat_messages.message (chat_messages_search_message), no triggers needed;
// - owed e-mail follow-ups (agent replies to a visitor who has gone) wait in chat_pending_followups, like bot replies;
// - ratings ('How did we do?') and the canned replies admins edit.
// The replies agents had before admins could edit them (a migration keeps its own copy: later edits happen in the UI).
const cannedRepliesSeed = [
  { title: 'Thanks for waiting', body: 'Thank you for waiting. How can I help you today?' },
  { title: 'Tell me more', body: 'Could you tell me a little more, so I can help you better?' },
  {
    title: 'Book a consultation',
    body: 'You can book a virtual consultation from our Services page. Choose "Book Appointment" and our team will confirm a time with you.',
  },
  {
    title: 'Emergency',
    body: 'For medical emergencies, please call 112 or 767 or go to the nearest hospital emergency department now.',
  },
  {
    title: 'No card numbers',
    body: 'Please do not share card numbers or passwords in this chat. Our team will never ask for them.',
  },
  { title: 'Anything else', body: 'Is there anything else I can help you with today?' },
];

export async function up(db: Kysely<any>): Promise<void> {
  const conversationColumns: [string, (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder][] = [
    [
      'status',
      (col) =>
        col
          .notNull()
          .defaultTo('open')
          .check(sql`status in ('open', 'pending', 'resolved')`),
    ],
    ['urgent_at', (col) => col],
    ['bot_acked_at', (col) => col],
    ['awaiting_contact', (col) => col.notNull().defaultTo(0)],
    ['follow_up_kind', (col) => col.check(sql`follow_up_kind in ('email', 'whatsapp')`)],
    ['follow_up_value', (col) => col],
    ['whatsapp_at', (col) => col],
    ['visitor_seen_message_id', (col) => col.notNull().defaultTo(0)],
    ['followed_up_message_id', (col) => col.notNull().defaultTo(0)],
    ['resolved_at', (col) => col],
  ];
  for (const [name, build] of conversationColumns) {
    const type = name === 'awaiting_contact' || name.endsWith('message_id') ? 'integer' : 'text';
    await db.schema.alterTable('chat_conversations').addColumn(name, type, build).execute();
  }
  await db.schema
    .createIndex('chat_conversations_status')
    .on('chat_conversations')
    .columns(['status', 'last_activity_at'])
    .execute();

  await db.schema
    .createTable('chat_agent_reads')
    .addColumn('conversation_id', 'integer', (col) =>
      col.notNull().references('chat_conversations.id').onDelete('cascade'),
    )
    .addColumn('agent_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message_id', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('chat_agent_reads_pk', ['conversation_id', 'agent_id'])
    .execute();

  await db.schema
    .createTable('chat_pending_followups')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('conversation_id', 'integer', (col) =>
      col.notNull().unique().references('chat_conversations.id').onDelete('cascade'),
    )
    .addColumn('due_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('chat_ratings')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('conversation_id', 'integer', (col) =>
      col.notNull().references('chat_conversations.id').onDelete('cascade'),
    )
    .addColumn('rating', 'integer', (col) => col.notNull().check(sql`rating between 1 and 5`))
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('chat_ratings_created').on('chat_ratings').column('created_at').execute();
  // Resolving asks for a rating; the visitor's answer clears the request.
  await db.schema
    .alterTable('chat_conversations')
    .addColumn('rating_requested', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('chat_canned_replies')
    .addColumn('id', 'integer', autoIncrementPrimaryKey(db))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  const now = new Date().toISOString();
  for (const reply of cannedRepliesSeed)
    await db
      .insertInto('chat_canned_replies')
      .values({ title: reply.title, body: reply.body, updated_at: now })
      .execute();

  if (engineOf(db) === 'postgres') {
    await createTrigramIndexes(db, 'chat_messages', { chat_messages_search_message: 'message' });
    return;
  }
  for (const statement of [
    `create virtual table chat_messages_search using fts5(message, content='', contentless_delete=1, tokenize='trigram')`,
    `insert into chat_messages_search (rowid, message) select id, message from chat_messages`,
    `create trigger chat_messages_search_insert after insert on chat_messages begin
       insert into chat_messages_search (rowid, message) values (new.id, new.message);
     end`,
    `create trigger chat_messages_search_delete after delete on chat_messages begin
       delete from chat_messages_search where rowid = old.id;
     end`,
  ])
    await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') await dropIndexes(db, ['chat_messages_search_message']);
  else {
    await sql`drop trigger if exists chat_messages_search_delete`.execute(db);
    await sql`drop trigger if exists chat_messages_search_insert`.execute(db);
    await sql`drop table if exists chat_messages_search`.execute(db);
  }
  for (const table of ['chat_canned_replies', 'chat_ratings', 'chat_pending_followups', 'chat_agent_reads'])
    await db.schema.dropTable(table).execute();
  await db.schema.dropIndex('chat_conversations_status').execute();
  for (const column of [
    'rating_requested',
    'resolved_at',
    'followed_up_message_id',
    'visitor_seen_message_id',
    'whatsapp_at',
    'follow_up_value',
    'follow_up_kind',
    'awaiting_contact',
    'bot_acked_at',
    'urgent_at',
    'status',
  ])
    await db.schema.alterTable('chat_conversations').dropColumn(column).execute();
}
