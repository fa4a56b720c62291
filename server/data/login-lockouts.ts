import type { AppDatabase } from '../db/database';
import { greatest } from '../db/dialect';
import type { LockoutScope } from '../db/schema';

/** Queries on login_lockouts (migrations/0075); subjects are hashes (server/auth/login-lockouts.ts). */
export const loginLockouts = {
  /** The lock-outs among `subjects` still in force at `now`. */
  active: (db: AppDatabase, subjects: string[], now: number) =>
    db
      .selectFrom('login_lockouts')
      .select(['scope', 'locked_until'])
      .where('subject', 'in', subjects)
      .where('locked_until', '>', now)
      .execute(),

  /** Locks `subject` until `lockedUntil` (a later lock already there is kept); lapsed rows go at the same time. */
  async lock(db: AppDatabase, row: { subject: string; scope: LockoutScope; lockedUntil: number; now: number }) {
    await db.deleteFrom('login_lockouts').where('locked_until', '<=', row.now).execute();
    await db
      .insertInto('login_lockouts')
      .values({
        subject: row.subject,
        scope: row.scope,
        locked_until: row.lockedUntil,
        locked_at: new Date(row.now).toISOString(),
      })
      .onConflict((conflict) =>
        conflict.column('subject').doUpdateSet((eb) => ({
          locked_until: greatest(db, eb.ref('login_lockouts.locked_until'), eb.ref('excluded.locked_until')),
          locked_at: eb.ref('excluded.locked_at'),
        })),
      )
      .execute();
  },

  clear: (db: AppDatabase, subject: string) => db.deleteFrom('login_lockouts').where('subject', '=', subject).execute(),
};
