/** The newsletter list as staff see it (issue #13): newest first, keyset paged, with unsubscribe. */
import type { AppDatabase } from '../db/database';
import { containsPattern, likeIgnoreCase } from '../db/dialect';

export const newsletter = {
  async list(db: AppDatabase, options: { cursor?: number; search?: string; limit: number }) {
    let query = db.selectFrom('newsletter_subscriptions').select(['id', 'reference', 'email', 'created_at']);
    if (options.cursor) query = query.where('id', '<', options.cursor);
    // Addresses are stored in lower case; the escape is explicit because SQLite's LIKE has none by default.
    if (options.search) query = query.where(likeIgnoreCase(db, 'email', containsPattern(options.search.toLowerCase())));
    const rows = await query
      .orderBy('id', 'desc')
      .limit(options.limit + 1)
      .execute();
    const page = rows.slice(0, options.limit).map((row) => ({
      id: row.id,
      reference: row.reference,
      email: row.email,
      createdAt: row.created_at,
    }));
    return { rows: page, nextCursor: rows.length > options.limit ? page[page.length - 1]!.id : null };
  },

  /** Deletes the subscription; returns the removed address, or undefined when there was none. */
  remove: (db: AppDatabase, id: number) =>
    db.deleteFrom('newsletter_subscriptions').where('id', '=', id).returning(['email']).executeTakeFirst(),
};
