import { z } from 'zod';
import { MESSAGE_CONSENT_CHANNELS } from '../messaging/consent';

/** Turning texts to one of the account's numbers on or off, on one channel (the account page, issue #27.5). */
export const messageConsentChangeSchema = z.object({
  phoneE164: z.string().regex(/^\+\d{7,15}$/, { error: 'Choose one of your phone numbers.' }),
  channel: z.enum(MESSAGE_CONSENT_CHANNELS, { error: 'Choose SMS or WhatsApp.' }),
  on: z.boolean(),
});

export type MessageConsentChangeInput = z.infer<typeof messageConsentChangeSchema>;

/** Where a number's texts stand on a channel: on since, off (never given or withdrawn here), or ended by a STOP. */
export type ConsentStatus = { status: 'on'; since: string } | { status: 'off' } | { status: 'stopped'; since: string };
