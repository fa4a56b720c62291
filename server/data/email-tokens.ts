import type { AppDatabase } from '../db/database';
import { forUpdate } from '../db/dialect';
import type { EmailTokenKind } from '../db/schema';

/** Queries on single-use e-mail tokens (ids are SHA-256 hashes; see server/auth/email-token.ts). */
export const emailTokens = {
  /** Stores a token and removes the user's older tokens of the same kind, so only the newest link works. */
  replace: (db: AppDatabase, row: { id: string; userId: number; kind: EmailTokenKind; expiresAt: number }) =>
    db.transaction().execute(async (trx) => {
      // PostgreSQL: two requests for one account (two nodes) take turns here, so the second deletes the first's token.
      await forUpdate(trx, trx.selectFrom('users').select('id').where('id', '=', row.userId)).execute();
      await trx.deleteFrom('email_tokens').where('user_id', '=', row.userId).where('kind', '=', row.kind).execute();
      await trx
        .insertInto('email_tokens')
        .values({
          id: row.id,
          user_id: row.userId,
          kind: row.kind,
          expires_at: row.expiresAt,
          created_at: new Date().toISOString(),
        })
        .execute();
    }),

  find: (db: AppDatabase, id: string, kind: EmailTokenKind) =>
    db.selectFrom('email_tokens').selectAll().where('id', '=', id).where('kind', '=', kind).executeTakeFirst(),

  /**
   * Deletes the token row; returns true only for the caller that actually removed it (single use under concurrency).
   */
  consume: async (db: AppDatabase, id: string) => {
    const result = await db.deleteFrom('email_tokens').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  },

  deleteAllForUser: (db: AppDatabase, userId: number, kind: EmailTokenKind) =>
    db.deleteFrom('email_tokens').where('user_id', '=', userId).where('kind', '=', kind).execute(),

  deleteExpired: (db: AppDatabase, now = Date.now()) =>
    db.deleteFrom('email_tokens').where('expires_at', '<=', now).execute(),
};
