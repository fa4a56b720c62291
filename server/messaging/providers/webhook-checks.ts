import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookRequest } from '../messaging-types';

const digest = (value: string | Buffer) => createHash('sha256').update(value).digest();

/**
 * Compares a secret with what a caller sent in constant time. Both sides are hashed first, so the comparison also
 * takes the same time whatever the lengths: timingSafeEqual alone throws on, and so reveals, a length difference.
 */
export function constantTimeEqual(expected: string, received: string | undefined): boolean {
  if (received === undefined || expected === '') return false;
  return timingSafeEqual(digest(expected), digest(received));
}

/** Whether `signatureHex` is the hex HMAC of the raw body under `secret` (case-insensitive hex, constant time). */
export function hmacMatches(
  algorithm: 'sha256' | 'sha512',
  secret: string,
  rawBody: Buffer,
  signatureHex: string | undefined,
): boolean {
  if (!signatureHex) return false;
  const expected = createHmac(algorithm, secret).update(rawBody).digest('hex');
  return constantTimeEqual(expected, signatureHex.trim().toLowerCase());
}

/** A header by name whatever its case (Node lower-cases them; a test or another framework may not). */
export function headerValue(request: WebhookRequest, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(request.headers)) {
    if (key.toLowerCase() !== wanted) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** '2348031234567' or '+2348031234567' as E.164: providers write the sender of an inbound message either way. */
export function toE164(number: string): string {
  const digits = number.trim().replace(/^\+/, '');
  if (!/^[1-9]\d{7,14}$/.test(digits)) throw new Error(`'${number}' is not an international phone number`);
  return `+${digits}`;
}

/**
 * A provider's time as ISO-8601 UTC. A time with a zone or a Z is taken as written; one without gets the zone the
 * provider is assumed to write in (its docs say none), and a missing or unreadable one is when we received it.
 */
export function providerTime(value: string | undefined, zoneWhenAbsent: string, received: Date): string {
  if (!value) return received.toISOString();
  const iso = value.trim().replace(' ', 'T');
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(iso);
  const parsed = new Date(hasZone ? iso : `${iso}${zoneWhenAbsent}`);
  return Number.isNaN(parsed.getTime()) ? received.toISOString() : parsed.toISOString();
}
