import type { Request, Response } from 'express';
import { LOG_IN_REQUIRED_MESSAGE } from '../../shared/messages/auth-messages';
import { STAFF_ONLY_MESSAGE } from '../../shared/messages/staff-messages';
import { readRequestSession } from '../auth/session-middleware';
import type { AppServices } from '../services';

/**
 * The staff member making a plain HTTP request to a staff route (downloads), or null once the request has been
 * answered 401 (not signed in) or 403 (a patient; refusal audited). Never cached.
 */
export async function staffForRequest(services: AppServices, req: Request, res: Response, subject: string) {
  res.setHeader('Cache-Control', 'no-store');
  const { user } = await readRequestSession(services, req, res);
  if (!user) {
    res.status(401).type('text/plain').send(LOG_IN_REQUIRED_MESSAGE);
    return null;
  }
  if (user.role !== 'agent' && user.role !== 'admin') {
    await services.audit.record({ type: 'staff.access_refused', actorUserId: user.id, ip: req.ip ?? null, subject });
    res.status(403).type('text/plain').send(STAFF_ONLY_MESSAGE);
    return null;
  }
  return user;
}
