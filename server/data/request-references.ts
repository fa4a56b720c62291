import type { AppDatabase } from '../db/database';

/** The references of some requests by id, for lists that link to them (the staff Messages page). */
export async function requestReferences(db: AppDatabase, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.selectFrom('requests').select(['id', 'reference']).where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, row.reference]));
}
