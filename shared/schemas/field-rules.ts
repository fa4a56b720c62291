/**
 * Building blocks for the form schemas: every text field follows the one text rule of
 * shared/text-normalise.ts (unsupported characters refused, then NFC-normalised and trimmed),
 * then is checked for required-ness, format and maximum length. Optional answers left empty,
 * or holding only invisible characters, become null.
 */
import { z } from 'zod';
import { FIELD_MAX } from '../form-options';
import { isIsoDate } from '../lagos-date';
import {
  UNSUPPORTED_CHARACTERS_MESSAGE,
  hasUnsupportedCharacters,
  isBlank,
  textNormalise,
  type TextShape,
} from '../text-normalise';
import { CONSENT_NEEDS_PHONE_MESSAGE } from '../messaging/consent';

export { isBlank };

const thousands = (value: number) => value.toLocaleString('en-GB');

type CleanStringOptions = TextShape & {
  /** The message for refused characters, when this field has its own (default: UNSUPPORTED_CHARACTERS_MESSAGE). */
  unsupportedMessage?: string;
};

/** A string, refused when it has characters this kind of field does not take, then cleaned. */
export const cleanString = (typeMessage: string, { unsupportedMessage, ...shape }: CleanStringOptions = {}) =>
  z
    .string({ error: typeMessage })
    .refine((value) => !hasUnsupportedCharacters(value, shape), {
      error: unsupportedMessage ?? UNSUPPORTED_CHARACTERS_MESSAGE,
      abort: true,
    })
    .transform(textNormalise);

const tooLong = (label: string, max: number) => `${label} must be ${thousands(max)} characters or fewer.`;
// No `abort`: it would also skip cross-field checks (passwords match, return after departure).
// A field may collect several messages; forms show the first, which is the most basic one.
const stop = (error: string) => ({ error });

/** A required text; one left blank (or holding only invisible characters) gets the required message. */
export function requiredText(label: string, requiredMessage: string, max: number, shape: TextShape = {}) {
  return cleanString(requiredMessage, shape).pipe(
    z
      .string()
      .refine((value) => !isBlank(value), stop(requiredMessage))
      .max(max, tooLong(label, max)),
  );
}

/** A person's full name: one line, no bidirectional controls. */
export const requiredName = (requiredMessage: string) =>
  requiredText('Full name', requiredMessage, FIELD_MAX.name, { name: true });

/** An optional text; blank (or only invisible characters) is stored as null. */
export function optionalText(label: string, max: number, shape: TextShape = {}) {
  return cleanString(`${label} must be text.`, shape)
    .pipe(z.string().max(max, tooLong(label, max)))
    .optional()
    .transform((value) => (value === undefined || isBlank(value) ? null : value));
}

export const EMAIL_FORMAT_MESSAGE = 'Enter an email address in the correct format, like name@example.com.';

export function requiredEmail(requiredMessage = 'Enter your email address.') {
  return cleanString(requiredMessage).pipe(
    z
      .string()
      .min(1, stop(requiredMessage))
      .max(FIELD_MAX.email, tooLong('Email address', FIELD_MAX.email))
      .pipe(z.email({ error: EMAIL_FORMAT_MESSAGE })),
  );
}

export const PHONE_FORMAT_MESSAGE =
  'Enter a phone number using digits, spaces and + ( ) - only, like +234 803 123 4567.';

export function optionalPhone() {
  return cleanString('Phone number must be text.')
    .pipe(
      z
        .string()
        .max(FIELD_MAX.phone, tooLong('Phone number', FIELD_MAX.phone))
        .refine((value) => value === '' || (/^\+?[\d\s().-]+$/.test(value) && /^(?:\D*\d){7,15}\D*$/.test(value)), {
          error: PHONE_FORMAT_MESSAGE,
        }),
    )
    .optional()
    .transform((value) => value || null);
}

export const URL_FORMAT_MESSAGE =
  'Enter a link that starts with http:// or https://, like https://example.com/my-resume.';

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export function requiredHttpUrl(label: string, requiredMessage: string) {
  return cleanString(requiredMessage).pipe(
    z
      .string()
      .min(1, stop(requiredMessage))
      .max(FIELD_MAX.url, tooLong(label, FIELD_MAX.url))
      .refine(isHttpUrl, stop(URL_FORMAT_MESSAGE)),
  );
}

/** One of a fixed list; '' (nothing chosen) gives the required message. */
export function requiredChoice<const T extends readonly [string, ...string[]]>(options: T, requiredMessage: string) {
  return cleanString(requiredMessage).pipe(z.enum(options, { error: requiredMessage }));
}

/** One of a fixed list, or nothing (stored as null). */
export function optionalChoice(options: readonly string[], message: string) {
  return cleanString(message)
    .refine((value) => value === '' || options.includes(value), { error: message })
    .optional()
    .transform((value) => value || null);
}

export const DATE_FORMAT_MESSAGE = 'Enter a real date, like 2025-06-15.';

export function requiredDate(requiredMessage: string) {
  return cleanString(requiredMessage).pipe(
    z.string().min(1, stop(requiredMessage)).refine(isIsoDate, stop(DATE_FORMAT_MESSAGE)),
  );
}

export function optionalDate() {
  return cleanString(DATE_FORMAT_MESSAGE)
    .refine((value) => value === '' || isIsoDate(value), { error: DATE_FORMAT_MESSAGE })
    .optional()
    .transform((value) => value || null);
}

/**
 * Bot checks sent with every form: `website` is a honeypot hidden from people,
 * `fillMs` is how long the form was open before sending. The server answers a
 * bot as if it had succeeded and stores nothing.
 */
export const botCheckShape = {
  website: z.string().max(500).optional(),
  fillMs: z.number().int().nonnegative().optional(),
};

export const IDEMPOTENCY_KEY_MESSAGE = 'This form could not be sent. Reload the page and try again.';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Sent with every stored form (issue #11.9): a key the browser makes for one submission and
 * keeps across its retries, so a retry returns the stored reference instead of storing a
 * second copy. Optional only for pages cached before it existed; our forms always send one.
 */
export const submissionKeyShape = {
  idempotencyKey: z.string().regex(IDEMPOTENCY_KEY_PATTERN, { error: IDEMPOTENCY_KEY_MESSAGE }).optional(),
};

/** A tick box: ticked is true (a page without JavaScript posts 'on'), unticked or absent is false. */
export const tickBox = () =>
  z
    .union([z.boolean(), z.literal('on'), z.literal('true')], { error: 'Tick the box or leave it empty.' })
    .optional()
    .transform((value) => value === true || value === 'on' || value === 'true');

/** 'Send me updates by SMS' and 'by WhatsApp' (issue #27.5): each off until ticked. */
export const messageConsentShape = {
  smsConsent: tickBox(),
  whatsappConsent: tickBox(),
};

/** A box ticked with no phone to send to is named on the box, not silently dropped. */
export function consentNeedsPhone(
  form: { phone: string | null; smsConsent: boolean; whatsappConsent: boolean },
  context: z.RefinementCtx,
) {
  if (form.phone) return;
  for (const field of ['smsConsent', 'whatsappConsent'] as const)
    if (form[field]) context.addIssue({ code: 'custom', path: [field], message: CONSENT_NEEDS_PHONE_MESSAGE });
}
