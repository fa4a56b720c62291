/**
 * Phone numbers in one form (issue #23.4): E.164 ('+2348031234567') through libphonenumber-js, Nigeria the default
 * country, so '0803 123 4567', '234 803 123 4567' and '+234 803-123-4567' are one number. What was typed is kept
 * beside it; a number the library does not accept as valid has no normalised form (null).
 *
 * The 'max' metadata is the one that tells a mobile from a landline (for WhatsApp links). It is large, so only the
 * server imports this module: the client gets the E.164 form and the mobile flag from the server (ADR 0031).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export type NormalisedPhone = { e164: string; mobile: boolean };

const DEFAULT_COUNTRY = 'NG';
/** What a phone search term may hold: digits, spaces and + ( ) - . (the forms' own phone rule, plus dots). */
const PHONE_LIKE = /^\+?[\d\s().-]+$/;

/** The number in E.164 and whether it can be a mobile, or null when it is not a valid number. */
export function normalisePhone(typed: string | null | undefined): NormalisedPhone | null {
  if (!typed || !PHONE_LIKE.test(typed.trim())) return null;
  const parsed = parsePhoneNumberFromString(typed, DEFAULT_COUNTRY);
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  return { e164: parsed.number, mobile: type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' };
}

/** The E.164 form of a typed number, or null (what the `phone_e164` columns store). */
export const phoneE164 = (typed: string | null | undefined): string | null => normalisePhone(typed)?.e164 ?? null;
