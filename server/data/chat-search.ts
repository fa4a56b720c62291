import { sql, type Kysely } from 'kysely';
import { containsPattern, engineOf, likeIgnoreCase } from '../db/dialect';

/**
 * Full-text search over conversations (issue #14): the visitor's name or e-mail, the follow-up contact they gave, the
 * reference ('#123'), or the text of any message. Messages are searched through a trigram index, which finds any
 * substring of three characters or more without regard to case: SQLite's FTS5 table `chat_messages_search`, or on
 * PostgreSQL a pg_trgm GIN index on chat_messages.message that serves ILIKE (both: migrations/0060-chat-desk.ts).
 * Shorter terms fall back to LIKE. Only this module knows how each engine searches.
 */
export const chatSearch = {
  /** A condition on `chat_conversations as c` (with `visitor` = the patient's users row joined). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema that has these tables
  matches(db: Kysely<any>, search: string) {
    const term = search.trim();
    const like = containsPattern(term);
    const reference = /^#?(\d{1,12})$/.exec(term);
    const byReference = reference ? sql`c.id = ${Number(reference[1])} or` : sql``;
    const byPerson = sql`${likeIgnoreCase(db, 'visitor.full_name', like)} or ${likeIgnoreCase(db, 'visitor.email', like)}
      or ${likeIgnoreCase(db, 'c.follow_up_value', like)}`;
    let byMessage;
    if (engineOf(db) === 'postgres' || [...term].length < 3)
      byMessage = sql`c.id in (select m.conversation_id from chat_messages m where ${likeIgnoreCase(db, 'm.message', like)})`;
    // FTS5's own syntax is not for visitors to write: the term is quoted as one phrase.
    else
      byMessage = sql`c.id in (select m.conversation_id from chat_messages m where m.id in
            (select rowid from chat_messages_search where chat_messages_search match ${`"${term.replace(/"/g, '""')}"`}))`;
    return sql<boolean>`(${byReference} ${byPerson} or ${byMessage})`;
  },
};
