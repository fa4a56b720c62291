/**
 * The anonymous visitor's identity for the chat: a random id in a signed, HttpOnly cookie.
 * The cookie names the visitor's conversation, so it is signed (HMAC-SHA256) and never
 * readable by page scripts; the conversation id itself is always derived on the server.
 *
 * The cookie is set only on the chat's own handshake, i.e. when the visitor first opens the
 * panel: no chat cookie exists before that.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse, serialize } from 'cookie';
import type { Env } from '../env';
import { hostCookieName } from '../http/cookie-names';
import type { Logger } from '../logger';

const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const VISITOR_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const SECRET_FILE = 'chat-cookie-secret';

type CookieEnv = Pick<Env, 'NODE_ENV' | 'PUBLIC_ORIGIN'>;

/** '__Host-chat_visitor' in production over HTTPS (Secure, Path=/, no Domain); 'chat_visitor' otherwise. */
export const visitorCookieName = (env: CookieEnv) => hostCookieName('chat_visitor', env);

/** CHAT_COOKIE_SECRET, else a secret generated once and kept (mode 0600) in DATA_DIR. */
export function loadVisitorCookieSecret(env: Pick<Env, 'CHAT_COOKIE_SECRET' | 'DATA_DIR'>, logger: Logger): string {
  if (env.CHAT_COOKIE_SECRET) return env.CHAT_COOKIE_SECRET;
  const file = path.join(env.DATA_DIR, SECRET_FILE);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not there yet: create it below.
  }
  const secret = randomBytes(32).toString('base64url');
  try {
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process wrote it first: use theirs.
    try {
      const existing = fs.readFileSync(file, 'utf8').trim();
      if (existing.length >= 32) return existing;
    } catch {
      // fall through
    }
    logger.error('chat cookie secret could not be stored; visitors will get new conversations after a restart', {
      err: error,
    });
    return secret;
  }
}

export type VisitorIdentity = {
  cookieName: string;
  /** A fresh random visitor id (128 bits, base64url). */
  newVisitorId: () => string;
  /** The signed cookie value for an id. */
  sign: (visitorId: string) => string;
  /** The visitor id from a Cookie header when its signature is valid, else null. */
  read: (cookieHeader: string | undefined) => string | null;
  /** A complete Set-Cookie header value for an id. */
  setCookieHeader: (visitorId: string, requestIsHttps: boolean) => string;
};

export function createVisitorIdentity(env: CookieEnv, secret: string): VisitorIdentity {
  const cookieName = visitorCookieName(env);
  const mac = (visitorId: string) =>
    createHmac('sha256', secret).update(`chat-visitor:${visitorId}`).digest('base64url');
  const sign = (visitorId: string) => `${visitorId}.${mac(visitorId)}`;

  const verify = (value: string): string | null => {
    const dot = value.indexOf('.');
    if (dot < 0) return null;
    const visitorId = value.slice(0, dot);
    if (!VISITOR_ID_PATTERN.test(visitorId)) return null;
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(mac(visitorId));
    return given.length === expected.length && timingSafeEqual(given, expected) ? visitorId : null;
  };

  return {
    cookieName,
    newVisitorId: () => randomBytes(16).toString('base64url'),
    sign,
    read: (cookieHeader) => {
      if (!cookieHeader) return null;
      const value = parse(cookieHeader)[cookieName];
      return value ? verify(value) : null;
    },
    setCookieHeader: (visitorId, requestIsHttps) =>
      serialize(cookieName, sign(visitorId), {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: cookieName.startsWith('__Host-') || (env.NODE_ENV === 'production' && requestIsHttps),
        maxAge: VISITOR_COOKIE_MAX_AGE_SECONDS,
      }),
  };
}
