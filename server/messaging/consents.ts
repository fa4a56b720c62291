/**
 * Consent to texts as the forms, the account page and staff give or withdraw it (issue #27.5), stored with its time and
 * the wording's version. Withdrawal also cancels what is queued (provider-events.ts `withdrawConsent`).
 */
import type { Transaction } from 'kysely';
import { CONSENT_WORDING_VERSION } from '../../shared/messaging/consent';
import { messageConsents } from '../data/message-consents';
import type { AppDatabase } from '../db/database';
import type { Database, OutboundChannel } from '../db/schema';

type Db = AppDatabase | Transaction<Database>;
type Where = { source: string; requestId?: number | null; userId?: number | null; wordingVersion?: string };

export const grantConsent = (db: Db, phoneE164: string, channel: OutboundChannel, where: Where, now = Date.now()) =>
  messageConsents.record(
    db,
    {
      phone_e164: phoneE164,
      channel,
      action: 'granted',
      wording_version: where.wordingVersion ?? CONSENT_WORDING_VERSION,
      source: where.source,
      user_id: where.userId ?? null,
      request_id: where.requestId ?? null,
    },
    now,
  );

/**
 * The boxes ticked on a form grant consent. An unticked box changes nothing: a number that agreed on an earlier form
 * keeps its consent until it is withdrawn, with one click or a STOP.
 */
export async function recordFormConsents(
  db: Db,
  phoneE164: string,
  consents: { smsConsent: boolean; whatsappConsent: boolean },
  where: Where,
) {
  if (consents.smsConsent) await grantConsent(db, phoneE164, 'sms', where);
  if (consents.whatsappConsent) await grantConsent(db, phoneE164, 'whatsapp', where);
}
