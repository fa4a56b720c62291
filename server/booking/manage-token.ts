/**
 * The token of a booking's reschedule and cancel links, and of a waitlist offer (issue #28.4): 256 random bits,
 * base64url; only its SHA-256 is stored, so a leaked database does not give working links.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

export const hashManageToken = (token: string): string => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

export function newManageToken(): { token: string; hash: string } {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  const token = encodeBase64urlNoPadding(bytes);
  return { token, hash: hashManageToken(token) };
}
