import { parse, serialize } from 'cookie';
import type { Response } from 'express';
import { hostCookieName, type CookieNameEnv } from '../http/cookie-names';

type CookieEnv = CookieNameEnv;

const servedOverHttps = (env: Partial<CookieEnv>) => env.PUBLIC_ORIGIN?.startsWith('https:') ?? false;

/** '__Host-session' in production over HTTPS, 'session' otherwise (see hostCookieName). */
export const sessionCookieName = (env: Partial<CookieEnv>): string => hostCookieName('session', env);

/**
 * The session token from a Cookie header (HTTP request or Socket.IO handshake), or null. The name comes from the app's
 * env.
 */
export function readSessionCookie(cookieHeader: string | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  const value = parse(cookieHeader)[name];
  return value ? value : null;
}

/**
 * Secure whenever the site is reached over HTTPS in production. A production server reached
 * over plain HTTP (the embedded default on localhost) cannot use Secure cookies, or log-in
 * would silently fail; see docs/decisions/0005-accounts-and-sessions.md.
 */
const secureFor = (env: CookieEnv, requestIsHttps: boolean) =>
  env.NODE_ENV === 'production' && (servedOverHttps(env) || requestIsHttps);

export function sessionCookieHeader(env: CookieEnv, token: string, expiresAt: Date, requestIsHttps = false): string {
  return serialize(sessionCookieName(env), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secureFor(env, requestIsHttps) || sessionCookieName(env).startsWith('__Host-'),
    expires: expiresAt,
  });
}

export function clearedSessionCookieHeader(env: CookieEnv, requestIsHttps = false): string {
  return serialize(sessionCookieName(env), '', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: secureFor(env, requestIsHttps) || sessionCookieName(env).startsWith('__Host-'),
    maxAge: 0,
  });
}

/** Adds a Set-Cookie header without dropping others already set on the response. */
function appendSetCookie(res: Response, header: string) {
  const existing = res.getHeader('Set-Cookie');
  const list = Array.isArray(existing) ? existing : existing ? [String(existing)] : [];
  res.setHeader('Set-Cookie', [...list.filter((item) => !item.startsWith(`${header.split('=')[0]}=`)), header]);
}

export function setSessionCookie(res: Response, env: CookieEnv, token: string, expiresAt: Date) {
  appendSetCookie(res, sessionCookieHeader(env, token, expiresAt, res.req?.secure ?? false));
}

export function clearSessionCookie(res: Response, env: CookieEnv) {
  appendSetCookie(res, clearedSessionCookieHeader(env, res.req?.secure ?? false));
}
