/**
 * Consent to SMS and WhatsApp updates (issue #27.5). Health data is sensitive under Nigeria's data protection act, and
 * WhatsApp carries it to Meta abroad: each box is off until ticked, says what is sent and where, and is stored with the
 * version of this wording. Change the wording, change the version.
 */
export const CONSENT_WORDING_VERSION = '2026-11-27';
/** The chat's own wording: the bot's answer to a WhatsApp number (shared/chat-texts.ts `contactSaved`). */
export const CHAT_CONSENT_WORDING_VERSION = 'chat-2026-11-27';

export const MESSAGE_CONSENT_CHANNELS = ['sms', 'whatsapp'] as const;
export type ConsentChannel = (typeof MESSAGE_CONSENT_CHANNELS)[number];

export const consentLabels: Record<ConsentChannel, string> = {
  sms: 'Send me updates by SMS',
  whatsapp: 'Send me updates by WhatsApp',
};

export const consentHints: Record<ConsentChannel, string> = {
  sms: 'Text messages to the phone number you gave: your reference, times and changes, never health details. Reply STOP to end them.',
  whatsapp:
    'WhatsApp messages to the phone number you gave: your reference, times and changes, never health details. WhatsApp is run by Meta and stores messages outside Nigeria. Reply STOP to end them.',
};

/** Said when a box is ticked with no phone number to send to. */
export const CONSENT_NEEDS_PHONE_MESSAGE = 'Enter a phone number to get updates by SMS or WhatsApp.';

/** Said when a box is ticked beside a number that cannot take a text (not a valid mobile number). */
export const CONSENT_NEEDS_MOBILE_MESSAGE =
  'Enter a mobile number we can send messages to, like +234 803 123 4567, or untick the box.';

/** Replies that end messages to a number (case and spaces aside). */
export const STOP_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;

export const isStopKeyword = (text: string) =>
  (STOP_KEYWORDS as readonly string[]).includes(
    text
      .trim()
      .replace(/[.!]+$/, '')
      .toUpperCase(),
  );
