import type { Selectable } from 'kysely';
import type { AppDatabase } from '../db/database';
import { textEqualsIgnoreCase } from '../db/dialect';
import type { UserRole, UsersTable } from '../db/schema';

export type UserRow = Selectable<UsersTable>;

/** Queries on the users table (the e-mail column compares without regard to case). */
export const users = {
  findByEmail: (db: AppDatabase, email: string) =>
    db
      .selectFrom('users')
      .selectAll()
      .where(textEqualsIgnoreCase(db, 'users.email', email.trim()))
      .executeTakeFirst(),

  findById: (db: AppDatabase, id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Inserts a new, unconfirmed account; throws on a duplicate address (unique constraint). */
  create: async (
    db: AppDatabase,
    input: { email: string; fullName: string; passwordHash: string; role?: UserRole; confirmed?: boolean },
  ) => {
    const now = new Date().toISOString();
    const row = await db
      .insertInto('users')
      .values({
        email: input.email.trim(),
        full_name: input.fullName.trim(),
        password_hash: input.passwordHash,
        role: input.role ?? 'patient',
        email_confirmed_at: input.confirmed ? now : null,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return row;
  },

  markEmailConfirmed: (db: AppDatabase, id: number) =>
    db
      .updateTable('users')
      .set({ email_confirmed_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('email_confirmed_at', 'is', null)
      .execute(),

  setRole: (db: AppDatabase, id: number, role: UserRole) =>
    db.updateTable('users').set({ role }).where('id', '=', id).execute(),

  setPasswordHash: (db: AppDatabase, id: number, passwordHash: string) =>
    db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute(),

  /** Removes the account; sessions and e-mail tokens go with it (ON DELETE CASCADE). */
  delete: (db: AppDatabase, id: number) => db.deleteFrom('users').where('id', '=', id).execute(),

  /**
   * Deletes an account in one transaction (issue #12): its sessions, its queued e-mails, its
   * e-mail tokens and the user row, all or nothing. Returns the ended session ids (for the chat).
   */
  deleteAccount: (db: AppDatabase, id: number) =>
    db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select('email').where('id', '=', id).executeTakeFirst();
      if (!user) return { deleted: false, sessionIds: [] as string[] };
      const ended = await trx.deleteFrom('sessions').where('user_id', '=', id).returning('id').execute();
      await trx.deleteFrom('email_tokens').where('user_id', '=', id).execute();
      await trx.deleteFrom('mail_outbox').where('to_address', '=', user.email).execute();
      await trx.deleteFrom('users').where('id', '=', id).execute();
      return { deleted: true, sessionIds: ended.map((row) => row.id) };
    }),
};

/** True when `error` is a unique-constraint failure (a duplicate e-mail), on either engine. */
export { isUniqueViolation } from '../db/dialect';
