import { vi } from 'vitest';
import { createSession, generateSessionToken } from '../../server/auth/session';
import { users } from '../../server/data/users';
import type { UserRole } from '../../server/db/schema';
import { createTestDb } from './test-db';

/** A fresh database with one confirmed user of `role` signed in at `start`, the clock (Date only) faked from there. */
export async function signedInAt(role: UserRole, start: number) {
  vi.useFakeTimers({ toFake: ['Date'], now: start });
  const db = await createTestDb();
  const user = await users.create(db, {
    email: `${role}@example.ng`,
    fullName: 'Ngozi Adeyemi',
    passwordHash: 'x',
    role,
    confirmed: true,
  });
  const token = generateSessionToken();
  const session = await createSession(db, token, user.id, role);
  return { db, user, token, session };
}
