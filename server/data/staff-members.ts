/** Staff accounts (agents and admins) as the back office lists them (issue #13). */
import type { AppDatabase } from '../db/database';
import { forUpdate } from '../db/dialect';

export const staffMembers = {
  /** Active agents and admins, by name. */
  listActive: async (db: AppDatabase) =>
    (
      await db
        .selectFrom('users')
        .select(['id', 'full_name', 'role'])
        .where('role', 'in', ['agent', 'admin'])
        .where('deactivated_at', 'is', null)
        .orderBy('full_name')
        .execute()
    ).map((row) => ({ id: row.id, fullName: row.full_name, role: row.role })),

  findActive: async (db: AppDatabase, id: number) => {
    const row = await db
      .selectFrom('users')
      .select(['id', 'full_name'])
      .where('id', '=', id)
      .where('role', 'in', ['agent', 'admin'])
      .where('deactivated_at', 'is', null)
      .executeTakeFirst();
    return row ? { id: row.id, fullName: row.full_name } : null;
  },

  /** A user's name (a colleague's, for 'Take over from …?'), active or not. */
  nameOf: async (db: AppDatabase, id: number) =>
    (await db.selectFrom('users').select('full_name').where('id', '=', id).executeTakeFirst())?.full_name ?? null,

  isActive: async (db: AppDatabase, id: number) =>
    Boolean(
      await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', id)
        .where('role', 'in', ['agent', 'admin'])
        .where('deactivated_at', 'is', null)
        .executeTakeFirst(),
    ),
};

export type StaffStatus = 'active' | 'invited' | 'deactivated';

/** Every agent and admin for the Team page, by name, with whether they have set a password yet. */
export async function listTeam(db: AppDatabase) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'full_name', 'email', 'role', 'password_hash', 'deactivated_at', 'created_at'])
    .where('role', 'in', ['agent', 'admin'])
    .orderBy('full_name')
    .execute();
  const statusOf = (row: { deactivated_at: string | null; password_hash: string }): StaffStatus =>
    row.deactivated_at ? 'deactivated' : row.password_hash ? 'active' : 'invited';
  return rows.map((row) => ({
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    role: row.role as 'agent' | 'admin',
    status: statusOf(row),
    createdAt: row.created_at,
  }));
}

/**
 * Runs `change` unless `memberId` is the last active admin; false when refused. The active admins' rows are locked
 * for the transaction (PostgreSQL; SQLite writes one at a time), so two admins demoting or deactivating each other
 * at the same moment cannot both succeed.
 */
export const unlessLastAdmin = (db: AppDatabase, memberId: number, change: (trx: AppDatabase) => Promise<unknown>) =>
  db.transaction().execute(async (trx) => {
    const admins = await forUpdate(
      trx,
      trx.selectFrom('users').select('id').where('role', '=', 'admin').where('deactivated_at', 'is', null),
    ).execute();
    if (admins.length <= 1 && admins.some((admin) => admin.id === memberId)) return false;
    await change(trx);
    return true;
  });

export const setDeactivated = (db: AppDatabase, id: number, deactivated: boolean) =>
  db
    .updateTable('users')
    .set({ deactivated_at: deactivated ? new Date().toISOString() : null })
    .where('id', '=', id)
    .execute();
