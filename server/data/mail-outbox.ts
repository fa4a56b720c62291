import type { AppDatabase } from '../db/database';
import { forUpdateSkipLocked } from '../db/dialect';

/**
 * How long a claimed mail is left to the node that claimed it: past this (it crashed while sending) another node
 * sends it again.
 */
export const MAIL_CLAIM_LEASE_MS = 2 * 60_000;

/** A small text attachment (an .ics calendar file), stored as JSON with the queued mail. */
export type MailAttachment = { filename: string; contentType: string; content: string };

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  attachments?: MailAttachment[];
};

/** A queued mail's `mail_outbox` row, due at once. */
export const mailValues = (mail: OutgoingMail, now = Date.now()) => ({
  to_address: mail.to,
  subject: mail.subject,
  text_body: mail.text,
  html_body: mail.html,
  kind: mail.kind,
  next_attempt_at: now,
  last_error: null,
  created_at: new Date(now).toISOString(),
  attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
});

/** Queries on the mail queue (server/mail/mail-worker.ts sends what is due). */
export const mailOutbox = {
  insert: (db: AppDatabase, mail: OutgoingMail, now = Date.now()) =>
    db.insertInto('mail_outbox').values(mailValues(mail, now)).returning('id').executeTakeFirstOrThrow(),

  /**
   * Claims up to `limit` due mails for this node: their next attempt moves a lease ahead, so another node (PostgreSQL,
   * several app nodes) neither sees them due nor sends them too; sending then deletes the row or sets its next attempt.
   * Oldest first.
   */
  claimDue: async (db: AppDatabase, now: number, limit: number, leaseMs = MAIL_CLAIM_LEASE_MS) => {
    const rows = await db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: now + leaseMs })
      .where(
        'id',
        'in',
        forUpdateSkipLocked(
          db,
          db
            .selectFrom('mail_outbox')
            .select('id')
            .where('status', '=', 'pending')
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

  /** Earliest pending attempt time, to know when to wake up next. */
  nextDueAt: async (db: AppDatabase) => {
    const row = await db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.min('next_attempt_at').as('next'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return row?.next ?? null;
  },

  /** Sent: the row goes (its links carry live tokens). */
  delete: (db: AppDatabase, id: number) => db.deleteFrom('mail_outbox').where('id', '=', id).execute(),

  retryLater: (db: AppDatabase, id: number, attempts: number, nextAttemptAt: number, error: string) =>
    db
      .updateTable('mail_outbox')
      .set({ attempts, next_attempt_at: nextAttemptAt, last_error: error })
      .where('id', '=', id)
      .execute(),

  /** Given up: keep the fact for the operator, drop the body and its links. */
  markFailed: (db: AppDatabase, id: number, attempts: number, error: string) =>
    db
      .updateTable('mail_outbox')
      .set({ status: 'failed', attempts, last_error: error, text_body: '', html_body: '', attachments: null })
      .where('id', '=', id)
      .execute(),

  /** The stored attachments of a queued row (JSON written by `insert`). */
  attachmentsOf: (row: { attachments: string | null }): MailAttachment[] | undefined =>
    row.attachments ? (JSON.parse(row.attachments) as MailAttachment[]) : undefined,

  deleteForAddress: (db: AppDatabase, address: string) =>
    db.deleteFrom('mail_outbox').where('to_address', '=', address).execute(),

  countPending: async (db: AppDatabase) => {
    const row = await db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  },
};
