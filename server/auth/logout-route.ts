/**
 * POST /logout (issue #13): the header's log-out button is a plain form, so it works before scripts arrive or without
 * them. The app's origin check already refuses a foreign Origin for every POST. Ends the session as auth.logOut does
 * (the chat's and staff app's sockets go at once), clears the cookie and sends the visitor home with 303.
 */
import express from 'express';
import { LOG_OUT_PATH } from '../../shared/auth-state';
import type { AppServices } from '../trpc/context';
import { accounts } from './accounts';
import { readRequestSession } from './session-middleware';

export function logOutRouter(services: AppServices) {
  const router = express.Router();
  router.post(LOG_OUT_PATH, async (req, res, next) => {
    try {
      const session = await readRequestSession(services, req, res);
      await accounts.logOut({ ...services, ...session, clientIp: req.ip ?? 'unknown', req, res });
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(303, '/');
    } catch (error) {
      next(error);
    }
  });
  return router;
}
