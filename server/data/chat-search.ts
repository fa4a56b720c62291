import { sql, type Kysely } from 'kysely';
import { containsPattern, engineOf, likeIgnoreCase } from '../db/dialect';

/** The largest value of an `integer` id column (PostgreSQL's int4). */
const MAX_INTEGER_ID = 2_147_483_647;

/**
 * Full-text search over conversations (issue #14): the visitor's name or e-mail, the follow-up contact they gave, the
 * reference ('#123'), or the text of any message. Messages are searched through a trigram index, which finds any
 * substring of three characters or more without regard to case: SQLite's FTS5 table `chat_messages_search`, or on
 * PostgreSQL a pg_trgm GIN index on chat_messages.message that serves ILIKE (both: migrations/0060-chat-desk.ts).
 * Shorter terms fall back to LIKE. Only this module knows how each engine searches. A term that is a whole phone
 * number also finds the follow-up number, and a WhatsApp conversation's number (issue #30), stored in E.164, however
 * either was written (issue #23.4; the caller reads the number, as this layer does not import the phone library).
 */
export const chatSearch = {
  /** A condition on `chat_conversations as c` (with `visitor` = the patient's users row joined). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema that has these tables
  matches(db: Kysely<any>, search: string, searchPhoneE164: string | null = null) {
    const term = search.trim();
    const like = containsPattern(term);
    const reference = /^#?(\d{1,10})$/.exec(term);
    // A longer run of digits (a phone number typed without spaces) is no conversation id: PostgreSQL's integer column
    // would refuse to compare with it.
    const referenceId = reference ? Number(reference[1]) : 0;
    const byReference = referenceId > 0 && referenceId <= MAX_INTEGER_ID ? sql`c.id = ${referenceId} or` : sql``;
    const byPerson = sql`${likeIgnoreCase(db, 'visitor.full_name', like)} or ${likeIgnoreCase(db, 'visitor.email', like)}
      or ${likeIgnoreCase(db, 'c.follow_up_value', like)} or ${likeIgnoreCase(db, 'c.whatsapp_phone', like)}
      ${searchPhoneE164 ? sql`or c.follow_up_value = ${searchPhoneE164} or c.whatsapp_phone = ${searchPhoneE164}` : sql``}`;
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
