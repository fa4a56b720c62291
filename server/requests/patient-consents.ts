/**
 * The account page's 'Updates on your phone' (issue #27.5): for each number on the patient's own requests (the ones
 * 'My requests' lists), where SMS and WhatsApp stand, and one click to turn either on or off. A number on nobody's
 * request of this account answers NOT_FOUND, as a request id does: numbers cannot be probed.
 */
import { TRPCError } from '@trpc/server';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { ConsentStatus, MessageConsentChangeInput } from '../../shared/schemas/message-consent';
import { messageConsents, type ConsentState } from '../data/message-consents';
import { requests } from '../data/requests';
import { users } from '../data/users';
import { grantConsent } from '../messaging/consents';
import { maskPhone } from '../messaging/mask-phone';
import { withdrawConsent, type ProviderEventDeps } from '../messaging/provider-events';

export const ACCOUNT_CONSENT_SOURCE = 'account';
const NUMBER_NOT_FOUND_MESSAGE = 'We could not find that phone number on your requests.';

export type NumberConsents = {
  phoneE164: string;
  /** For people: '+234 803 123 4567'. */
  display: string;
  sms: ConsentStatus;
  whatsapp: ConsentStatus;
};

/** The numbers on the account's own requests; null until the address is confirmed (as 'My requests'). */
async function ownNumbers(deps: Pick<ProviderEventDeps, 'db'>, userId: number): Promise<string[] | null> {
  const account = await users.findById(deps.db, userId);
  if (!account?.email_confirmed_at) return null;
  return requests.phonesForEmail(deps.db, account.email);
}

function statusOf(state: ConsentState | undefined): ConsentStatus {
  if (state?.granted) return { status: 'on', since: state.at };
  // A STOP arrives as an inbound message (provider-events.ts names its source 'inbound sms' or 'inbound whatsapp').
  if (state?.source.startsWith('inbound ')) return { status: 'stopped', since: state.at };
  return { status: 'off' };
}

async function consentsOf(deps: Pick<ProviderEventDeps, 'db'>, phoneE164: string): Promise<NumberConsents> {
  const state = await messageConsents.stateOf(deps.db, phoneE164);
  const display = parsePhoneNumberFromString(phoneE164)?.formatInternational() ?? phoneE164;
  return { phoneE164, display, sms: statusOf(state.sms), whatsapp: statusOf(state.whatsapp) };
}

export async function patientMessageConsents(deps: Pick<ProviderEventDeps, 'db'>, userId: number) {
  const numbers = await ownNumbers(deps, userId);
  if (!numbers) return { confirmed: false as const, numbers: [] };
  return { confirmed: true as const, numbers: await Promise.all(numbers.map((phone) => consentsOf(deps, phone))) };
}

/**
 * Grants (stored with the wording's version, audited as messaging.consent) or withdraws (which also cancels what is
 * queued to that number on that channel, audited as messaging.opt_out). Asking for the state it is already in
 * changes nothing, so a second click records no second consent.
 */
export async function setPatientMessageConsent(
  deps: ProviderEventDeps,
  userId: number,
  change: MessageConsentChangeInput,
): Promise<NumberConsents> {
  const numbers = await ownNumbers(deps, userId);
  if (!numbers?.includes(change.phoneE164))
    throw new TRPCError({ code: 'NOT_FOUND', message: NUMBER_NOT_FOUND_MESSAGE });
  const current = await consentsOf(deps, change.phoneE164);
  if ((current[change.channel].status === 'on') === change.on) return current;
  const where = { source: ACCOUNT_CONSENT_SOURCE, userId };
  if (change.on) {
    await grantConsent(deps.db, change.phoneE164, change.channel, where);
    await deps.audit.record({
      type: 'messaging.consent',
      actorUserId: userId,
      subject: `phone:${maskPhone(change.phoneE164)}`,
      detail: { channel: change.channel, source: ACCOUNT_CONSENT_SOURCE },
    });
  } else {
    await withdrawConsent(deps, { phoneE164: change.phoneE164, channel: change.channel, ...where });
  }
  return consentsOf(deps, change.phoneE164);
}
