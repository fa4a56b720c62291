import { describe, expect, it } from 'vitest';
import {
  SESSION_DURATION_MS,
  STAFF_SESSION_IDLE_MS,
  createSession,
  generateSessionToken,
  invalidateSession,
  invalidateUserSessions,
  sessionIdFromToken,
  validateSessionToken,
} from '../../../server/auth/session';
import { createSessionEvents } from '../../../server/auth/session-events';
import { users } from '../../../server/data/users';
import { createTestDb } from '../../helpers/test-db';

async function setup() {
  const db = await createTestDb();
  const user = await users.create(db, {
    email: 'Amaka@Example.ng',
    fullName: 'Amaka Obi',
    passwordHash: 'x',
    role: 'agent',
    confirmed: true,
  });
  return { db, user, events: createSessionEvents() };
}

describe('session tokens (Lucia guide)', () => {
  it('are 160 random bits in base32 and unique', () => {
    const tokens = new Set(Array.from({ length: 1000 }, generateSessionToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{32}$/);
  });

  it('are stored only as their SHA-256 hash', async () => {
    const { db, user } = await setup();
    const token = generateSessionToken();
    const session = await createSession(db, token, user.id);
    expect(session.id).toBe(sessionIdFromToken(token));
    expect(session.id).toMatch(/^[0-9a-f]{64}$/);
    const rows = await db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(session.expiresAt.getTime() - Date.now()).toBeGreaterThan(SESSION_DURATION_MS - 5000);
  });
});

describe('validateSessionToken', () => {
  it('returns { session: { id, userId, expiresAt }, user: ContextUser } for a valid token', async () => {
    const { db, user } = await setup();
    const token = generateSessionToken();
    const created = await createSession(db, token, user.id, user.role);
    const result = await validateSessionToken(db, token);
    expect(result).toEqual({
      session: { id: created.id, userId: user.id, expiresAt: created.expiresAt },
      user: { id: user.id, email: 'Amaka@Example.ng', fullName: 'Amaka Obi', role: 'agent' },
    });
  });

  it('returns null for unknown, malformed and expired tokens, deleting the expired session', async () => {
    const { db, user, events } = await setup();
    expect(await validateSessionToken(db, generateSessionToken())).toBeNull();
    expect(await validateSessionToken(db, '')).toBeNull();
    expect(await validateSessionToken(db, "' or 1=1 --")).toBeNull();
    const token = generateSessionToken();
    const session = await createSession(db, token, user.id);
    expect(await validateSessionToken(db, token.toUpperCase())).toBeNull();
    await db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    const heard: string[][] = [];
    const off = events.onSessionsInvalidated((_userId, ids) => heard.push(ids));
    expect(await validateSessionToken(db, token, events)).toBeNull();
    off();
    expect(heard).toEqual([[session.id]]);
    expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });

  it("moves a staff session's idle expiry forward when used (a minute or more later), never past 12 hours", async () => {
    const { db, user } = await setup();
    const token = generateSessionToken();
    const created = await createSession(db, token, user.id, 'agent');
    expect(created.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(STAFF_SESSION_IDLE_MS);
    const soon = Date.now() + 30 * 60_000;
    await db.updateTable('sessions').set({ expires_at: soon }).execute();
    const slid = (await validateSessionToken(db, token))!.session.expiresAt.getTime();
    expect(slid - Date.now()).toBeGreaterThan(STAFF_SESSION_IDLE_MS - 5000);
    expect((await db.selectFrom('sessions').select('expires_at').executeTakeFirstOrThrow()).expires_at).toBe(slid);
  });
});

describe('invalidation', () => {
  it('invalidateSession ends one session and tells listeners (userId, [sessionId])', async () => {
    const { db, user, events } = await setup();
    const [a, b] = [generateSessionToken(), generateSessionToken()];
    const sessionA = await createSession(db, a, user.id);
    await createSession(db, b, user.id);
    const heard: [number, string[]][] = [];
    const off = events.onSessionsInvalidated((userId, ids) => heard.push([userId, ids]));
    await invalidateSession(db, sessionA.id, events);
    await invalidateSession(db, sessionA.id, events); // already gone: no second announcement
    off();
    expect(heard).toEqual([[user.id, [sessionA.id]]]);
    expect(await validateSessionToken(db, a)).toBeNull();
    expect(await validateSessionToken(db, b)).not.toBeNull();
  });

  it('invalidateUserSessions ends all of a user’s sessions; a failing listener does not stop it', async () => {
    const { db, user, events } = await setup();
    const tokens = [generateSessionToken(), generateSessionToken(), generateSessionToken()];
    for (const token of tokens) await createSession(db, token, user.id);
    const offBroken = events.onSessionsInvalidated(() => {
      throw new Error('listener bug');
    });
    const heard: string[] = [];
    const off = events.onSessionsInvalidated((_userId, ids) => heard.push(...ids));
    await invalidateUserSessions(db, user.id, events);
    offBroken();
    off();
    expect(heard.sort()).toEqual(tokens.map(sessionIdFromToken).sort());
    for (const token of tokens) expect(await validateSessionToken(db, token)).toBeNull();
  });
});
