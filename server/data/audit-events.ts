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

  /** Oldest first, from `since` (ISO date or time) on. */
  list: async (db: AppDatabase, options: { since?: string; limit?: number } = {}): Promise<AuditEventRow[]> => {
    let query = db.selectFrom('audit_events').selectAll().orderBy('id');
    if (options.since) query = query.where('created_at', '>=', options.since);
    if (options.limit) query = query.limit(options.limit);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      actorUserId: row.actor_user_id,
      maskedEmail: row.masked_email,
      ip: row.ip,
      subject: row.subject,
      detail: row.detail,
      createdAt: row.created_at,
    }));
  },
};
