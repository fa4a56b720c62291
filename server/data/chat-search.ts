import { sql } from 'kysely';

/**
 * Full-text search over conversations (issue #14): the visitor's name or e-mail, the follow-up contact they gave, the
 * reference ('#123'), or the text of any message. Messages are searched through SQLite FTS5 (trigram:
 * `chat_messages_search`, migrations/0060-chat-desk.ts), which finds any substring of three characters or more;
 * shorter terms fall back to LIKE. Only this module knows the engine: another database's full-text search
 * (PostgreSQL's tsvector, say) replaces `matches` and nothing else changes.
 */
export const chatSearch = {
  /** A condition on `chat_conversations as c` (with `visitor` = the patient's users row joined). */
  matches(search: string) {
    const term = search.trim();
    const like = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const reference = /^#?(\d{1,12})$/.exec(term);
    const byReference = reference ? sql`c.id = ${Number(reference[1])} or` : sql``;
    const byPerson = sql`visitor.full_name like ${like} escape '\\' or visitor.email like ${like} escape '\\'
      or c.follow_up_value like ${like} escape '\\'`;
    // FTS5's own syntax is not for visitors to write: the term is quoted as one phrase.
    const byMessage =
      [...term].length >= 3
        ? sql`c.id in (select m.conversation_id from chat_messages m where m.id in
            (select rowid from chat_messages_search where chat_messages_search match ${`"${term.replace(/"/g, '""')}"`}))`
        : sql`c.id in (select m.conversation_id from chat_messages m where m.message like ${like} escape '\\')`;
    return sql<boolean>`(${byReference} ${byPerson} or ${byMessage})`;
  },
};
