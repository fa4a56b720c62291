import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { sha256 } from '@oslojs/crypto/sha2';
import { decodeHex, encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import type { AppDatabase } from '../db/database';
import type { EmailTokenKind } from '../db/schema';
import { emailTokens } from '../data/email-tokens';

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenKind, number> = {
  confirm_email: 24 * 60 * 60_000,
  reset_password: 60 * 60_000,
  // A colleague invited to the staff app (issue #13) may not read their mail the same day.
  invite: 7 * 24 * 60 * 60_000,
};

const TOKEN_PATTERN = /^[a-z2-7]{32}$/;
const hashToken = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

/** A new single-use token (160 random bits); only its SHA-256 is stored. Older ones of the kind stop working. */
export async function issueEmailToken(db: AppDatabase, userId: number, kind: EmailTokenKind): Promise<string> {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  const token = encodeBase32LowerCaseNoPadding(bytes);
  await emailTokens.replace(db, {
    id: hashToken(token),
    userId,
    kind,
    expiresAt: Date.now() + EMAIL_TOKEN_TTL_MS[kind],
  });
  return token;
}

/** The user a token belongs to, without using it up (null when unknown, of another kind or expired). */
export async function peekEmailToken(db: AppDatabase, token: string, kind: EmailTokenKind): Promise<number | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const id = hashToken(token);
  const row = await emailTokens.find(db, id, kind);
  if (!row || !constantTimeEqual(decodeHex(row.id), decodeHex(id)) || row.expires_at <= Date.now()) return null;
  return row.user_id;
}

/** Uses up a token: returns its user id, or null when unknown, of another kind, expired or already used. */
export async function consumeEmailToken(db: AppDatabase, token: string, kind: EmailTokenKind): Promise<number | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const id = hashToken(token);
  const row = await emailTokens.find(db, id, kind);
  if (!row || !constantTimeEqual(decodeHex(row.id), decodeHex(id))) return null;
  if (!(await emailTokens.consume(db, row.id))) return null;
  if (row.expires_at <= Date.now()) return null;
  return row.user_id;
}
