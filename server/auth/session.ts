/**
 * Sessions as the Lucia guide describes them (lucia-auth/lucia, pages/sessions/basic-api/sqlite.md),
 * built on @oslojs/crypto and @oslojs/encoding; there is no `lucia` package.
 *
 * - The token is 20 random bytes (160 bits) in lower-case base32; it lives only in the cookie.
 * - The session id stored in the database is the SHA-256 (hex) of the token, so a leaked
 *   database cannot be replayed as cookies.
 * - Lifetimes (issue #11): patients' sessions end 30 days after log-in however much they are used;
 *   staff (agent, admin) sessions end 12 hours after log-in, or after 2 hours without use. The
 *   absolute limit counts from the row's created_at and the user's current role, so a promotion
 *   or an old row (a session from 2020) is judged by today's rule.
 * - Every invalidation (logout, password reset, account deletion, expiry) is announced through
 *   the app's SessionEvents, so the chat layer can disconnect that session's sockets.
 */
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { sha256 } from '@oslojs/crypto/sha2';
import { decodeHex, encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import type { AppDatabase } from '../db/database';
import type { UserRole } from '../db/schema';
import { sessions } from '../data/sessions';
import type { SessionEvents } from './session-events';

const HOUR_MS = 60 * 60_000;
export const PATIENT_SESSION_LIFETIME_MS = 30 * 24 * HOUR_MS;
export const STAFF_SESSION_LIFETIME_MS = 12 * HOUR_MS;
export const STAFF_SESSION_IDLE_MS = 2 * HOUR_MS;
/** Kept for callers that mean "the longest a session lasts". */
export const SESSION_DURATION_MS = PATIENT_SESSION_LIFETIME_MS;
/** The stored expiry is moved only when it would change by more than this (one write a minute at most per session). */
const EXPIRY_WRITE_GRANULARITY_MS = 60_000;

export type SessionPolicy = { absoluteMs: number; idleMs: number };

export const sessionPolicy = (role: UserRole): SessionPolicy =>
  role === 'agent' || role === 'admin'
    ? { absoluteMs: STAFF_SESSION_LIFETIME_MS, idleMs: STAFF_SESSION_IDLE_MS }
    : { absoluteMs: PATIENT_SESSION_LIFETIME_MS, idleMs: PATIENT_SESSION_LIFETIME_MS };

/** When a session used at `now` should expire: idle window from now, never past the absolute limit. */
const expiryFor = (policy: SessionPolicy, createdAt: number, now: number) =>
  Math.min(now + policy.idleMs, createdAt + policy.absoluteMs);

export type Session = { id: string; userId: number; expiresAt: Date };
/** The signed-in user as procedures and socket handlers see it (filled by validateSessionToken). */
export type ContextUser = { id: number; email: string; fullName: string; role: 'patient' | 'agent' | 'admin' };

export type SessionValidationResult = { session: Session; user: ContextUser } | null;

/** ≥128 bits of randomness: 20 bytes, base32 (32 characters). */
export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** The stored id for a token: SHA-256, hex. */
export const sessionIdFromToken = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

export async function createSession(
  db: AppDatabase,
  token: string,
  userId: number,
  role: UserRole = 'patient',
): Promise<Session> {
  const now = Date.now();
  const session: Session = {
    id: sessionIdFromToken(token),
    userId,
    expiresAt: new Date(expiryFor(sessionPolicy(role), now, now)),
  };
  await sessions.insert(db, { id: session.id, userId, expiresAt: session.expiresAt.getTime(), createdAt: now });
  return session;
}

const TOKEN_PATTERN = /^[a-z2-7]{32}$/;

/**
 * `use: 'person'` (the default): a person acted (a page load, a form, a console action), so a staff session's idle
 * window slides forward. `use: 'background'`: a poll, a socket's handshake or check; the session is checked and
 * never extended, so an open tab alone reaches the idle limit (issue #24.3).
 */
export type SessionUse = 'person' | 'background';

/**
 * The session and user for a cookie token, or null. Expired sessions (idle or past their
 * absolute lifetime) are deleted and announced; staff sessions slide their idle window forward.
 */
export async function validateSessionToken(
  db: AppDatabase,
  token: string,
  events?: SessionEvents,
  use: SessionUse = 'person',
  now = Date.now(),
): Promise<SessionValidationResult> {
  if (!TOKEN_PATTERN.test(token)) return null;
  return validateSession(db, sessionIdFromToken(token), events, use, now);
}

/** As validateSessionToken, for a session already known by its id (an open socket's, issue #24.2). */
export async function validateSession(
  db: AppDatabase,
  sessionId: string,
  events?: Pick<SessionEvents, 'announce'>,
  use: SessionUse = 'person',
  now = Date.now(),
): Promise<SessionValidationResult> {
  const row = await sessions.findWithUser(db, sessionId);
  // The row was found by its hash; comparing the hashes in constant time as well keeps the check
  // independent of how the database compares keys.
  if (!row || !constantTimeEqual(decodeHex(row.session_id), decodeHex(sessionId))) return null;
  const session: Session = { id: row.session_id, userId: row.user_id, expiresAt: new Date(row.expires_at) };
  const createdAt = Date.parse(row.created_at);
  const policy = sessionPolicy(row.role);
  // An unreadable created_at counts as already too old: fail closed.
  const pastAbsolute = !Number.isFinite(createdAt) || now >= createdAt + policy.absoluteMs;
  if (pastAbsolute || now >= session.expiresAt.getTime()) {
    await sessions.delete(db, session.id);
    events?.announce(session.userId, [session.id]);
    return null;
  }
  const usedNow = expiryFor(policy, createdAt, now);
  // Background use never moves the expiry forward, only in (to what it would be had the session been used now).
  const expiry = use === 'person' ? usedNow : Math.min(usedNow, session.expiresAt.getTime());
  // Forward by a minute or more (staff idle window), or back at once (an older, longer expiry).
  if (expiry - session.expiresAt.getTime() > EXPIRY_WRITE_GRANULARITY_MS || expiry < session.expiresAt.getTime()) {
    session.expiresAt = new Date(expiry);
    await sessions.setExpiry(db, session.id, expiry);
  }
  return { session, user: { id: row.user_id, email: row.email, fullName: row.full_name, role: row.role } };
}

export async function invalidateSession(db: AppDatabase, sessionId: string, events: SessionEvents): Promise<void> {
  const userId = await sessions.delete(db, sessionId);
  if (userId !== undefined) events.announce(userId, [sessionId]);
}

export async function invalidateUserSessions(db: AppDatabase, userId: number, events: SessionEvents): Promise<void> {
  events.announce(userId, await sessions.deleteAllForUser(db, userId));
}
