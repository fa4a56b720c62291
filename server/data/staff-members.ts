/** Staff accounts (agents and admins) as the back office lists them (issue #13). */
import type { AppDatabase } from '../db/database';

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

export const countActiveAdmins = async (db: AppDatabase) =>
  Number(
    (
      await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('role', '=', 'admin')
        .where('deactivated_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).count,
  );

export const setDeactivated = (db: AppDatabase, id: number, deactivated: boolean) =>
  db
    .updateTable('users')
    .set({ deactivated_at: deactivated ? new Date().toISOString() : null })
    .where('id', '=', id)
    .execute();
