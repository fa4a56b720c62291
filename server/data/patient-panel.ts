/**
 * One view of the patient (issue #29.4): the person behind a conversation or a request, and their other requests and
 * conversations, matched by account, by e-mail (ignoring case) and by E.164 phone.
 */
import { sql } from 'kysely';
import type { PatientMatch } from '../../shared/patient-panel';
import type { AppDatabase } from '../db/database';

const LIMIT = 20;

/** Who the panel is about, as far as it is known. */
export type PatientIdentity = {
  name: string | null;
  email: string | null;
  phone: string | null;
  /** Every address and number that is theirs (lower-cased addresses), and their accounts. */
  emails: string[];
  phones: string[];
  accountIds: number[];
  exclude: { conversationId?: number; requestId?: number };
};

const unique = <T>(values: (T | null | undefined)[]) => [...new Set(values.filter((value) => value != null))] as T[];

async function accountsWithEmails(db: AppDatabase, emails: string[]) {
  if (!emails.length) return [];
  return db
    .selectFrom('users')
    .select(['id', 'email', 'full_name'])
    .where(sql<boolean>`lower(email) in (${sql.join(emails)})`)
    .execute();
}

export const patientPanelData = {
  /** The person behind a conversation: the patient's account, then what an agent added, then what the bot took. */
  forConversation: async (db: AppDatabase, conversationId: number): Promise<PatientIdentity | null> => {
    const row = await db
      .selectFrom('chat_conversations as c')
      .leftJoin('users as visitor', 'visitor.id', 'c.user_id')
      .select([
        'c.user_id',
        'visitor.email as account_email',
        'visitor.full_name as account_name',
        'c.contact_name',
        'c.contact_email',
        'c.contact_phone',
        'c.follow_up_kind',
        'c.follow_up_value',
      ])
      .where('c.id', '=', conversationId)
      .executeTakeFirst();
    if (!row) return null;
    const followUpEmail = row.follow_up_kind === 'email' ? row.follow_up_value : null;
    const followUpPhone = row.follow_up_kind === 'whatsapp' ? row.follow_up_value : null;
    const emails = unique([row.account_email, row.contact_email, followUpEmail].map((email) => email?.toLowerCase()));
    const accounts = await accountsWithEmails(db, emails);
    return {
      name: row.account_name ?? row.contact_name,
      email: row.account_email ?? row.contact_email ?? followUpEmail,
      phone: row.contact_phone ?? followUpPhone,
      emails,
      phones: unique([row.contact_phone, followUpPhone]),
      accountIds: unique([row.user_id, ...accounts.map((account) => account.id)]),
      exclude: { conversationId },
    };
  },

  /** The person behind a request: what they typed in the form, and the account with that address. */
  forRequest: async (db: AppDatabase, requestId: number): Promise<PatientIdentity | null> => {
    const row = await db
      .selectFrom('requests')
      .select(['full_name', 'email', 'phone_e164', 'anonymised_at'])
      .where('id', '=', requestId)
      .executeTakeFirst();
    if (!row) return null;
    if (row.anonymised_at !== null)
      return { name: null, email: null, phone: null, emails: [], phones: [], accountIds: [], exclude: { requestId } };
    const emails = unique([row.email ? row.email.toLowerCase() : null]);
    const accounts = await accountsWithEmails(db, emails);
    return {
      name: row.full_name,
      email: row.email || null,
      phone: row.phone_e164,
      emails,
      phones: unique([row.phone_e164]),
      accountIds: accounts.map((account) => account.id),
      exclude: { requestId },
    };
  },

  /** Their other requests, newest first, each with how it matched. */
  requests: async (db: AppDatabase, who: PatientIdentity) => {
    if (!who.emails.length && !who.phones.length) return [];
    const accountEmails = (await accountEmailsOf(db, who.accountIds)).map((email) => email.toLowerCase());
    const rows = await db
      .selectFrom('requests')
      .select(['id', 'reference', 'type', 'subject', 'status', 'created_at', 'email', 'phone_e164'])
      .where('anonymised_at', 'is', null)
      .where((eb) =>
        eb.or([
          ...(who.emails.length ? [sql<boolean>`lower(email) in (${sql.join(who.emails)})`] : []),
          ...(who.phones.length ? [eb('phone_e164', 'in', who.phones)] : []),
        ]),
      )
      .$if(who.exclude.requestId !== undefined, (query) => query.where('id', '<>', who.exclude.requestId!))
      .orderBy('id', 'desc')
      .limit(LIMIT)
      .execute();
    return rows.map((row) => {
      const email = row.email.toLowerCase();
      const matchedBy: PatientMatch[] = [];
      if (accountEmails.includes(email)) matchedBy.push('account');
      if (who.emails.includes(email)) matchedBy.push('email');
      if (row.phone_e164 !== null && who.phones.includes(row.phone_e164)) matchedBy.push('phone');
      return {
        id: row.id,
        reference: row.reference,
        type: row.type,
        subject: row.subject,
        status: row.status,
        createdAt: row.created_at,
        matchedBy,
      };
    });
  },

  /** Their other conversations (with at least one message), newest activity first, each with how it matched. */
  conversations: async (db: AppDatabase, who: PatientIdentity) => {
    if (!who.emails.length && !who.phones.length && !who.accountIds.length) return [];
    const emailOf = sql<string | null>`lower(coalesce(visitor.email, c.contact_email,
      case when c.follow_up_kind = 'email' then c.follow_up_value end))`;
    const rows = await db
      .selectFrom('chat_conversations as c')
      .leftJoin('users as visitor', 'visitor.id', 'c.user_id')
      .select([
        'c.id',
        'c.user_id',
        'c.status',
        'c.last_activity_at',
        'c.contact_phone',
        'c.follow_up_kind',
        'c.follow_up_value',
        sql<string | null>`lower(visitor.email)`.as('account_email'),
        sql<string | null>`lower(c.contact_email)`.as('contact_email'),
      ])
      .where(sql<boolean>`exists (select 1 from chat_messages m where m.conversation_id = c.id)`)
      .where((eb) =>
        eb.or([
          ...(who.accountIds.length ? [eb('c.user_id', 'in', who.accountIds)] : []),
          ...(who.emails.length
            ? [
                sql<boolean>`${emailOf} in (${sql.join(who.emails)})`,
                sql<boolean>`lower(c.contact_email) in (${sql.join(who.emails)})`,
              ]
            : []),
          ...(who.phones.length
            ? [
                eb('c.contact_phone', 'in', who.phones),
                eb.and([eb('c.follow_up_kind', '=', 'whatsapp'), eb('c.follow_up_value', 'in', who.phones)]),
              ]
            : []),
        ]),
      )
      .$if(who.exclude.conversationId !== undefined, (query) => query.where('c.id', '<>', who.exclude.conversationId!))
      .orderBy('c.last_activity_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(LIMIT)
      .execute();
    return rows.map((row) => {
      const matchedBy: PatientMatch[] = [];
      if (row.user_id !== null && who.accountIds.includes(row.user_id)) matchedBy.push('account');
      const followUpEmail = row.follow_up_kind === 'email' ? row.follow_up_value?.toLowerCase() : undefined;
      if ([row.account_email, row.contact_email, followUpEmail].some((email) => email && who.emails.includes(email)))
        matchedBy.push('email');
      const followUpPhone = row.follow_up_kind === 'whatsapp' ? row.follow_up_value : null;
      if ([row.contact_phone, followUpPhone].some((phone) => phone && who.phones.includes(phone)))
        matchedBy.push('phone');
      return {
        id: row.id,
        shortId: `#${row.id}`,
        status: row.status,
        lastActivityAt: row.last_activity_at,
        matchedBy,
      };
    });
  },
};

async function accountEmailsOf(db: AppDatabase, accountIds: number[]) {
  if (!accountIds.length) return [];
  const rows = await db.selectFrom('users').select('email').where('id', 'in', accountIds).execute();
  return rows.map((row) => row.email);
}
