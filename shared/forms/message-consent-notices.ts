/**
 * What turning updates on or off under 'Updates on your phone' says (issue #27.5): the toast of the live page, and the
 * notice in that section after a plain post (`?form=message-consent&sent=sms-off`). Kept out of account-forms.ts,
 * whose notices every page's first load carries; these travel with the dashboard only.
 */
import type { ConsentChannel } from '../messaging/consent';

export const PHONE_UPDATES_NOTICE_ID = 'phone-updates-notice';

type Notice = { title: string; description: string };

export const channelNames: Record<ConsentChannel, string> = { sms: 'SMS', whatsapp: 'WhatsApp' };

export const messageConsentOutcome = (channel: ConsentChannel, on: boolean) => `${channel}-${on ? 'on' : 'off'}`;

/** The notice for an outcome (`sms-on`, `whatsapp-off`…); anything else is none, so the query cannot inject text. */
export function messageConsentNotice(outcome: string | null): Notice | null {
  const [, channel, state] = /^(sms|whatsapp)-(on|off)$/.exec(outcome ?? '') ?? [];
  if (!channel || !state) return null;
  const name = channelNames[channel as ConsentChannel];
  return state === 'on'
    ? {
        title: `${name} updates turned on`,
        description: `We will send your reference, times and changes to this number by ${name}. Reply STOP to end them.`,
      }
    : {
        title: `${name} updates turned off`,
        description: `We will send nothing more to this number by ${name}; anything waiting to go was stopped.`,
      };
}
