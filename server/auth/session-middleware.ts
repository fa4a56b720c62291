import type { Request, Response } from 'express';
import { BACKGROUND_REQUEST_HEADER } from '../../shared/background-request';
import type { AppDatabase } from '../db/database';
import type { Env } from '../env';
import type { SessionEvents } from './session-events';
import { clearSessionCookie, readSessionCookie, sessionCookieName, setSessionCookie } from './cookies';
import { validateSessionToken, type ContextUser } from './session';

export type RequestSession = { user: ContextUser | null; sessionId: string | null };

/**
 * Reads the session cookie of one request (used by the tRPC createContext in server/app.ts).
 * A valid session's cookie is re-sent with its (possibly extended) expiry; an unknown or
 * expired one is cleared. Any response to a request that carries a session cookie is
 * personal, so it is marked Cache-Control: no-store. A request marked as background (the staff app's poll) is
 * checked but does not extend the session.
 */
export async function readRequestSession(
  deps: { db: AppDatabase; env: Env; sessionEvents: SessionEvents },
  req: Request,
  res: Response,
): Promise<RequestSession> {
  const token = readSessionCookie(req.headers.cookie, sessionCookieName(deps.env));
  if (!token) return { user: null, sessionId: null };
  res.setHeader('Cache-Control', 'no-store');
  const use = req.headers[BACKGROUND_REQUEST_HEADER] === '1' ? 'background' : 'person';
  const result = await validateSessionToken(deps.db, token, deps.sessionEvents, use);
  if (!result) {
    clearSessionCookie(res, deps.env);
    return { user: null, sessionId: null };
  }
  setSessionCookie(res, deps.env, token, result.session.expiresAt);
  return { user: result.user, sessionId: result.session.id };
}
