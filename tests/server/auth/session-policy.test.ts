/**
 * The edges of the session rules in server/auth/session.ts that the lifetime tests (session-lifetime.test.ts) pass
 * over: the exact instants a session ends, background use, an unreadable created_at, malformed cookies, and how often
 * the stored expiry is written. Written to kill the mutants `npm run test:mutation` found alive (issue #25.3).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PATIENT_SESSION_LIFETIME_MS,
  STAFF_SESSION_IDLE_MS,
  STAFF_SESSION_LIFETIME_MS,
  createSession,
  generateSessionToken,
  sessionPolicy,
  validateSession,
  validateSessionToken,
} from '../../../server/auth/session';
import { sessions } from '../../../server/data/sessions';
import { users } from '../../../server/data/users';
import type { UserRole } from '../../../server/db/schema';
import { signedInAt } from '../../helpers/signed-in-session';
import { createTestDb } from '../../helpers/test-db';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = new Date('2026-03-02T08:00:00Z').getTime();

// Restored one by one: vi.restoreAllMocks would also take away tests/setup.ts's console.error spy.
const spies: { mockRestore: () => void }[] = [];
const spyOn = <K extends 'setExpiry' | 'findWithUser'>(name: K) => {
  const spy = vi.spyOn(sessions, name);
  spies.push(spy);
  return spy;
};

afterEach(() => {
  spies.splice(0).forEach((spy) => spy.mockRestore());
  vi.useRealTimers();
});

async function signedIn(role: UserRole) {
  const { db, user, token, session } = await signedInAt(role, START);
  const stored = async () =>
    (await db.selectFrom('sessions').select('expires_at').executeTakeFirstOrThrow()).expires_at;
  return { db, user, token, session, stored };
}

describe('sessionPolicy', () => {
  it('holds agents and admins to 12 hours and 2 hours idle, patients to 30 days either way', () => {
    expect(sessionPolicy('agent')).toEqual({ absoluteMs: STAFF_SESSION_LIFETIME_MS, idleMs: STAFF_SESSION_IDLE_MS });
    expect(sessionPolicy('admin')).toEqual({ absoluteMs: STAFF_SESSION_LIFETIME_MS, idleMs: STAFF_SESSION_IDLE_MS });
    expect(sessionPolicy('patient')).toEqual({
      absoluteMs: PATIENT_SESSION_LIFETIME_MS,
      idleMs: PATIENT_SESSION_LIFETIME_MS,
    });
    expect([STAFF_SESSION_LIFETIME_MS, STAFF_SESSION_IDLE_MS, PATIENT_SESSION_LIFETIME_MS]).toEqual([
      12 * HOUR,
      2 * HOUR,
      30 * 24 * HOUR,
    ]);
  });

  it('a new session expires at the idle limit for staff and at 30 days for patients', async () => {
    for (const [role, lifetime] of [
      ['agent', STAFF_SESSION_IDLE_MS],
      ['patient', PATIENT_SESSION_LIFETIME_MS],
    ] as const) {
      const { session, stored } = await signedIn(role);
      expect(session.expiresAt.getTime()).toBe(START + lifetime);
      expect(await stored()).toBe(START + lifetime);
    }
  });

  it('createSession without a role makes a patient session', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: START });
    const db = await createTestDb();
    const user = await users.create(db, {
      email: 'no-role@example.ng',
      fullName: 'Bisi Ade',
      passwordHash: 'x',
      role: 'patient',
      confirmed: true,
    });
    const session = await createSession(db, generateSessionToken(), user.id);
    expect(session.expiresAt.getTime()).toBe(START + PATIENT_SESSION_LIFETIME_MS);
  });
});

describe('the instant a session ends', () => {
  it('a staff session is gone at exactly 2 hours idle, valid one millisecond before', async () => {
    const { db, token } = await signedIn('agent');
    expect(await validateSessionToken(db, token, undefined, 'background', START + STAFF_SESSION_IDLE_MS - 1)).not.toBe(
      null,
    );
    expect(await validateSessionToken(db, token, undefined, 'person', START + STAFF_SESSION_IDLE_MS)).toBeNull();
  });

  it('a session is gone at exactly its absolute limit even when its stored expiry is later', async () => {
    const { db, token } = await signedIn('patient');
    await db
      .updateTable('sessions')
      .set({ expires_at: START + 2 * PATIENT_SESSION_LIFETIME_MS })
      .execute();
    expect(
      await validateSessionToken(db, token, undefined, 'person', START + PATIENT_SESSION_LIFETIME_MS - 1),
    ).not.toBe(null);
    // That use pulled the stored expiry in to the limit; put it back so only the absolute rule can end the session.
    await db
      .updateTable('sessions')
      .set({ expires_at: START + 2 * PATIENT_SESSION_LIFETIME_MS })
      .execute();
    expect(await validateSessionToken(db, token, undefined, 'person', START + PATIENT_SESSION_LIFETIME_MS)).toBeNull();
    expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });

  it('an unreadable created_at ends the session (fail closed)', async () => {
    const { db, token } = await signedIn('patient');
    await db.updateTable('sessions').set({ created_at: 'not a date' }).execute();
    expect(await validateSessionToken(db, token, undefined, 'person', START + MINUTE)).toBeNull();
    expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });

  it('an expired session is deleted even when nobody listens for the announcement', async () => {
    const { db, token } = await signedIn('agent');
    expect(await validateSessionToken(db, token, undefined, 'person', START + 3 * HOUR)).toBeNull();
    expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });
});

describe('background use (polls, socket checks)', () => {
  it('never moves a staff session’s expiry forward, so an open tab alone reaches the idle limit', async () => {
    const { db, token, stored } = await signedIn('agent');
    const result = await validateSessionToken(db, token, undefined, 'background', START + HOUR);
    expect(result?.session.expiresAt.getTime()).toBe(START + STAFF_SESSION_IDLE_MS);
    expect(await stored()).toBe(START + STAFF_SESSION_IDLE_MS);
    expect(await validateSessionToken(db, token, undefined, 'background', START + STAFF_SESSION_IDLE_MS)).toBeNull();
  });

  it('pulls in an expiry longer than the rules allow (a promoted patient), as person use does', async () => {
    const { db, user, token, stored } = await signedIn('patient');
    await db.updateTable('users').set({ role: 'agent' }).where('id', '=', user.id).execute();
    const result = await validateSessionToken(db, token, undefined, 'background', START + MINUTE);
    expect(result?.session.expiresAt.getTime()).toBe(START + MINUTE + STAFF_SESSION_IDLE_MS);
    expect(await stored()).toBe(START + MINUTE + STAFF_SESSION_IDLE_MS);
  });

  it('validateSession (an open socket’s session, by id) follows the same rules', async () => {
    const { db, session, stored } = await signedIn('agent');
    expect((await validateSession(db, session.id, undefined, 'background', START + HOUR))?.user.role).toBe('agent');
    expect(await stored()).toBe(START + STAFF_SESSION_IDLE_MS);
    expect(await validateSession(db, session.id, undefined, undefined, START + HOUR)).not.toBeNull();
    expect(await stored()).toBe(START + HOUR + STAFF_SESSION_IDLE_MS);
  });
});

describe('writing the stored expiry', () => {
  it('person use slides a staff expiry only when it moves by more than a minute', async () => {
    const { db, token, stored } = await signedIn('agent');
    const setExpiry = spyOn('setExpiry');
    expect(await validateSessionToken(db, token, undefined, 'person', START + MINUTE)).not.toBeNull();
    expect(await stored()).toBe(START + STAFF_SESSION_IDLE_MS);
    expect(setExpiry).not.toHaveBeenCalled();
    const result = await validateSessionToken(db, token, undefined, 'person', START + MINUTE + 1);
    expect(result?.session.expiresAt.getTime()).toBe(START + MINUTE + 1 + STAFF_SESSION_IDLE_MS);
    expect(await stored()).toBe(START + MINUTE + 1 + STAFF_SESSION_IDLE_MS);
    expect(setExpiry).toHaveBeenCalledTimes(1);
  });

  it('a patient session in use is not written at all (its expiry is fixed at log-in)', async () => {
    const { db, token, stored } = await signedIn('patient');
    const setExpiry = spyOn('setExpiry');
    expect(await validateSessionToken(db, token, undefined, 'person', START + 10 * 24 * HOUR)).not.toBeNull();
    expect(await stored()).toBe(START + PATIENT_SESSION_LIFETIME_MS);
    expect(setExpiry).not.toHaveBeenCalled();
  });
});

describe('malformed cookies', () => {
  it('are refused without asking the database', async () => {
    const { db, token } = await signedIn('patient');
    const find = spyOn('findWithUser');
    for (const bad of [
      token.toUpperCase(),
      `${token}a`,
      `a${token}`,
      token.slice(1),
      `${token.slice(1)}1`,
      `${token.slice(1)}8`,
      `${token.slice(0, 16)} ${token.slice(17)}`,
      '',
    ])
      expect(await validateSessionToken(db, bad), bad).toBeNull();
    expect(find).not.toHaveBeenCalled();
    expect(await validateSessionToken(db, token)).not.toBeNull();
    expect(find).toHaveBeenCalledTimes(1);
  });
});
