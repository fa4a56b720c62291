import type { Request, Response } from 'express';
import type { AppDatabase } from '../db/database';
import type { Env } from '../env';
import type { SessionEvents } from './session-events';
import type { ContextUser } from '../trpc/context';
import { clearSessionCookie, readSessionCookie, sessionCookieName, setSessionCookie } from './cookies';
import { validateSessionToken } from './session';

export type RequestSession = { user: ContextUser | null; sessionId: string | null };

/**
 * Reads the session cookie of one request (used by the tRPC createContext in server/app.ts).
 * A valid session's cookie is re-sent with its (possibly extended) expiry; an unknown or
 * expired one is cleared. Any response to a request that carries a session cookie is
 * personal, so it is marked Cache-Control: no-store.
 */
export async function readRequestSession(
  deps: { db: AppDatabase; env: Env; sessionEvents: SessionEvents },
  req: Request,
  res: Response,
): Promise<RequestSession> {
  const token = readSessionCookie(req.headers.cookie, sessionCookieName(deps.env));
  if (!token) return { user: null, sessionId: null };
  res.setHeader('Cache-Control', 'no-store');
  const result = await validateSessionToken(deps.db, token, deps.sessionEvents);
  if (!result) {
    clearSessionCookie(res, deps.env);
    return { user: null, sessionId: null };
  }
  setSessionCookie(res, deps.env, token, result.session.expiresAt);
  return { user: result.user, sessionId: result.session.id };
}
