import type { AppDatabase } from '../db/database';

export type AuditEventRow = {
  id: number;
  type: string;
  actorUserId: number | null;
  maskedEmail: string | null;
  ip: string | null;
  subject: string | null;
  detail: string | null;
  createdAt: string;
};

type AuditEventColumns = {
  id: number;
  type: string;
  actor_user_id: number | null;
  masked_email: string | null;
  ip: string | null;
  subject: string | null;
  detail: string | null;
  created_at: string;
};

const toAuditEventRow = (row: AuditEventColumns): AuditEventRow => ({
  id: row.id,
  type: row.type,
  actorUserId: row.actor_user_id,
  maskedEmail: row.masked_email,
  ip: row.ip,
  subject: row.subject,
  detail: row.detail,
  createdAt: row.created_at,
});

/** Queries on the append-only audit_events table. */
export const auditEvents = {
  insert: (db: AppDatabase, row: Omit<AuditEventRow, 'id'>) =>
    db
      .insertInto('audit_events')
      .values({
        type: row.type,
        actor_user_id: row.actorUserId,
        masked_email: row.maskedEmail,
        ip: row.ip,
        subject: row.subject,
        detail: row.detail,
        created_at: row.createdAt,
      })
      .execute(),

  /** Newest first, keyset paged by id, with the acting user's name (the staff app's Audit page). */
  page: async (db: AppDatabase, options: { cursor?: number; type?: string; limit: number }) => {
    let query = db
      .selectFrom('audit_events')
      .leftJoin('users', 'users.id', 'audit_events.actor_user_id')
      .select([
        'audit_events.id',
        'audit_events.type',
        'audit_events.actor_user_id',
        'users.full_name as actor_name',
        'audit_events.masked_email',
        'audit_events.ip',
        'audit_events.subject',
        'audit_events.detail',
        'audit_events.created_at',
      ]);
    if (options.cursor) query = query.where('audit_events.id', '<', options.cursor);
    if (options.type) query = query.where('audit_events.type', '=', options.type);
    const rows = await query
      .orderBy('audit_events.id', 'desc')
      .limit(options.limit + 1)
      .execute();
    const page = rows
      .slice(0, options.limit)
      .map((row) => ({ ...toAuditEventRow(row), actorName: row.actor_name ?? null }));
    return { rows: page, nextCursor: rows.length > options.limit ? page[page.length - 1]!.id : null };
  },

  /** Oldest first, from `since` (ISO date or time) on. */
  list: async (db: AppDatabase, options: { since?: string; limit?: number } = {}): Promise<AuditEventRow[]> => {
    let query = db.selectFrom('audit_events').selectAll().orderBy('id');
    if (options.since) query = query.where('created_at', '>=', options.since);
    if (options.limit) query = query.limit(options.limit);
    const rows = await query.execute();
    return rows.map(toAuditEventRow);
  },
};
