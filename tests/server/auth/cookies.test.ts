import { afterEach, describe, expect, it } from 'vitest';
import {
  clearedSessionCookieHeader,
  readSessionCookie,
  sessionCookieHeader,
  sessionCookieName,
} from '../../../server/auth/cookies';
import { hashPassword } from '../../../server/auth/password';
import { users } from '../../../server/data/users';
import { createHttpClient } from '../../helpers/auth-http';
import { startTestServer } from '../../helpers/test-server';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('session cookie', () => {
  it("is named '__Host-session' only in production over HTTPS", () => {
    expect(sessionCookieName({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://ilera.example' })).toBe(
      '__Host-session',
    );
    expect(sessionCookieName({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'http://localhost:3000' })).toBe('session');
    expect(sessionCookieName({ NODE_ENV: 'production' })).toBe('session');
    expect(sessionCookieName({ NODE_ENV: 'development', PUBLIC_ORIGIN: 'https://ilera.example' })).toBe('session');
  });

  it('is HttpOnly, SameSite=Lax, Path=/, and Secure in production', () => {
    const expires = new Date('2030-01-01T00:00:00Z');
    expect(sessionCookieHeader({ NODE_ENV: 'test' }, 'tok', expires)).toBe(
      'session=tok; Path=/; Expires=Tue, 01 Jan 2030 00:00:00 GMT; HttpOnly; SameSite=Lax',
    );
    expect(
      sessionCookieHeader({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://ilera.example' }, 'tok', expires),
    ).toBe('__Host-session=tok; Path=/; Expires=Tue, 01 Jan 2030 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax');
    expect(sessionCookieHeader({ NODE_ENV: 'production' }, 'tok', expires, true)).toContain('; Secure;');
    expect(clearedSessionCookieHeader({ NODE_ENV: 'test' })).toBe(
      'session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
    );
  });

  it('readSessionCookie finds the token in a Cookie header (HTTP or Socket.IO handshake)', () => {
    expect(readSessionCookie(undefined, 'session')).toBeNull();
    expect(readSessionCookie('', 'session')).toBeNull();
    expect(readSessionCookie('theme=dark; session=abc234; other=1', 'session')).toBe('abc234');
    expect(readSessionCookie('session=', 'session')).toBeNull();
    expect(readSessionCookie('__Host-session=abc', '__Host-session')).toBe('abc');
    expect(readSessionCookie('session=abc', '__Host-session')).toBeNull();
  });

  it('a production server on HTTPS sets __Host-session with Secure, and reads it back', async () => {
    const server = await startTestServer({ env: { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://ilera.example' } });
    cleanups.push(server.close);
    await users.create(server.db, {
      email: 'secure@example.ng',
      fullName: 'Sade',
      passwordHash: await hashPassword('Ofada-rice-2024'),
      confirmed: true,
    });
    const visitor = createHttpClient(server.baseUrl);
    await visitor.client.auth.logIn.mutate({ email: 'secure@example.ng', password: 'Ofada-rice-2024' });
    const cookie = visitor.lastSetCookies()[0]!;
    expect(cookie).toMatch(/^__Host-session=[a-z2-7]{32}; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/);
    expect(cookie).not.toMatch(/Domain=/i);
    expect((await visitor.client.auth.me.query()).user?.fullName).toBe('Sade');
  });
});
