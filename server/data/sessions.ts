import type { AppDatabase } from '../db/database';

/** Queries on the sessions table; ids are SHA-256 hashes of the tokens (server/auth/session.ts). */
export const sessions = {
  /** `createdAt` is the same instant the expiry was counted from, so the absolute lifetime is exact. */
  insert: (db: AppDatabase, row: { id: string; userId: number; expiresAt: number; createdAt: number }) =>
    db
      .insertInto('sessions')
      .values({
        id: row.id,
        user_id: row.userId,
        expires_at: row.expiresAt,
        created_at: new Date(row.createdAt).toISOString(),
      })
      .execute(),

  /** The session and its user in one read. */
  findWithUser: (db: AppDatabase, id: string) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as session_id',
        'sessions.user_id',
        'sessions.expires_at',
        'sessions.created_at',
        'users.email',
        'users.full_name',
        'users.role',
      ])
      .where('sessions.id', '=', id)
      // A deactivated staff account has no live session, whatever rows remain (issue #13).
      .where('users.deactivated_at', 'is', null)
      .executeTakeFirst(),

  setExpiry: (db: AppDatabase, id: string, expiresAt: number) =>
    db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute(),

  /** Deletes one session; returns its user id (undefined when it did not exist). */
  delete: async (db: AppDatabase, id: string) => {
    const row = await db.deleteFrom('sessions').where('id', '=', id).returning('user_id').executeTakeFirst();
    return row?.user_id;
  },

  /** Deletes every session of a user; returns the deleted ids. */
  deleteAllForUser: async (db: AppDatabase, userId: number) => {
    const rows = await db.deleteFrom('sessions').where('user_id', '=', userId).returning('id').execute();
    return rows.map((row) => row.id);
  },

  listForUser: (db: AppDatabase, userId: number) =>
    db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
};
