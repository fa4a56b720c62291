/**
 * Consent to SMS and WhatsApp per number (issue #27.5): an append-only record of grants and withdrawals, the latest row
 * of a number and channel being its state. Kept by number, not by request: a STOP from a phone ends what goes to it,
 * whichever form it was given on.
 */
import type { Insertable } from 'kysely';
import type { AppDatabase } from '../db/database';
import type { MessageConsentsTable, OutboundChannel } from '../db/schema';

export type ConsentChange = Omit<Insertable<MessageConsentsTable>, 'id' | 'created_at'>;
export type ConsentState = { granted: boolean; at: string; source: string; wordingVersion: string | null };

export const messageConsents = {
  record: (db: AppDatabase, change: ConsentChange, now = Date.now()) =>
    db
      .insertInto('message_consents')
      .values({ ...change, created_at: new Date(now).toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow(),

  /** The current state on each channel of a number (absent: never asked). */
  stateOf: async (db: AppDatabase, phoneE164: string) => {
    const rows = await db
      .selectFrom('message_consents')
      .selectAll()
      .where('phone_e164', '=', phoneE164)
      .orderBy('id', 'desc')
      .execute();
    const state: Partial<Record<OutboundChannel, ConsentState>> = {};
    for (const row of rows)
      state[row.channel] ??= {
        granted: row.action === 'granted',
        at: row.created_at,
        source: row.source,
        wordingVersion: row.wording_version,
      };
    return state;
  },

  /** The channels a number may be sent to now. */
  grantedChannels: async (db: AppDatabase, phoneE164: string): Promise<OutboundChannel[]> => {
    const state = await messageConsents.stateOf(db, phoneE164);
    return (['whatsapp', 'sms'] as const).filter((channel) => state[channel]?.granted);
  },

  history: (db: AppDatabase, phoneE164: string) =>
    db.selectFrom('message_consents').selectAll().where('phone_e164', '=', phoneE164).orderBy('id').execute(),
};
