/**
 * Sessions as the Lucia guide describes them (lucia-auth/lucia, pages/sessions/basic-api/sqlite.md),
 * built on @oslojs/crypto and @oslojs/encoding; there is no `lucia` package.
 *
 * - The token is 20 random bytes (160 bits) in lower-case base32; it lives only in the cookie.
 * - The session id stored in the database is the SHA-256 (hex) of the token, so a leaked
 *   database cannot be replayed as cookies.
 * - Sessions last 30 days and slide forward when used in their second half.
 * - Every invalidation (logout, password reset, account deletion, expiry) is announced through
 *   `onSessionsInvalidated`, so the chat layer can disconnect that session's sockets.
 */
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { sha256 } from '@oslojs/crypto/sha2';
import { decodeHex, encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import type { AppDatabase } from '../db/database';
import { sessions } from '../data/sessions';
import type { ContextUser } from '../trpc/context';

export const SESSION_DURATION_MS = 30 * 24 * 60 * 60 * 1000;
/** Extend when less than this much time is left (Lucia: half the duration). */
const SESSION_RENEW_THRESHOLD_MS = SESSION_DURATION_MS / 2;

export type Session = { id: string; userId: number; expiresAt: Date };
export type SessionValidationResult = { session: Session; user: ContextUser } | null;

type SessionsInvalidatedListener = (userId: number, sessionIds: string[]) => void;
const listeners = new Set<SessionsInvalidatedListener>();

/** Subscribes to session invalidations; returns the unsubscribe function. Listener errors are isolated. */
export function onSessionsInvalidated(listener: SessionsInvalidatedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function announce(userId: number, sessionIds: string[]) {
  if (!sessionIds.length) return;
  for (const listener of listeners) {
    try {
      listener(userId, sessionIds);
    } catch {
      // One failing subscriber must not stop a logout.
    }
  }
}

/** ≥128 bits of randomness: 20 bytes, base32 (32 characters). */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** The stored id for a token: SHA-256, hex. */
export const sessionIdFromToken = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

export async function createSession(db: AppDatabase, token: string, userId: number): Promise<Session> {
  const session: Session = { id: sessionIdFromToken(token), userId, expiresAt: new Date(Date.now() + SESSION_DURATION_MS) };
  await sessions.insert(db, { id: session.id, userId, expiresAt: session.expiresAt.getTime() });
  return session;
}

const TOKEN_PATTERN = /^[a-z2-7]{32}$/;

/**
 * The session and user for a cookie token, or null. Expired sessions are deleted;
 * sessions in their second half are extended to a full 30 days from now.
 */
export async function validateSessionToken(db: AppDatabase, token: string): Promise<SessionValidationResult> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const sessionId = sessionIdFromToken(token);
  const row = await sessions.findWithUser(db, sessionId);
  // The row was found by its hash; comparing the hashes in constant time as well keeps the check
  // independent of how the database compares keys.
  if (!row || !constantTimeEqual(decodeHex(row.session_id), decodeHex(sessionId))) return null;
  const session: Session = { id: row.session_id, userId: row.user_id, expiresAt: new Date(row.expires_at) };
  const now = Date.now();
  if (now >= session.expiresAt.getTime()) {
    await sessions.delete(db, session.id);
    announce(session.userId, [session.id]);
    return null;
  }
  if (now >= session.expiresAt.getTime() - SESSION_RENEW_THRESHOLD_MS) {
    session.expiresAt = new Date(now + SESSION_DURATION_MS);
    await sessions.setExpiry(db, session.id, session.expiresAt.getTime());
  }
  return { session, user: { id: row.user_id, email: row.email, fullName: row.full_name, role: row.role } };
}

export async function invalidateSession(db: AppDatabase, sessionId: string): Promise<void> {
  const userId = await sessions.delete(db, sessionId);
  if (userId !== undefined) announce(userId, [sessionId]);
}

export async function invalidateUserSessions(db: AppDatabase, userId: number): Promise<void> {
  announce(userId, await sessions.deleteAllForUser(db, userId));
}
