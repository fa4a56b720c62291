/**
 * POST /logout (issue #13): the header's log-out button is a plain form, so it works before scripts arrive or without
 * them. The app's origin check already refuses a foreign Origin for every POST. Ends the session as auth.logOut does
 * (the chat's and staff app's sockets go at once), clears the cookie and sends the visitor home with 303, where the
 * 'Logged Out' notice shows.
 */
import express from 'express';
import { LOG_OUT_PATH } from '../../shared/auth-state';
import { ACCOUNT_NOTICE_ID } from '../../shared/forms/account-forms';
import { doneAt } from '../forms/native-post-answers';
import type { AppServices } from '../services';
import { accounts } from './accounts';
import { readRequestSession } from './session-middleware';

export function logOutRouter(services: AppServices) {
  const router = express.Router();
  router.post(LOG_OUT_PATH, async (req, res, next) => {
    try {
      const session = await readRequestSession(services, req, res);
      await accounts.logOut({ ...services, ...session, clientIp: req.ip ?? 'unknown', req, res });
      res.setHeader('Cache-Control', 'no-store');
      // Home, saying so ('Logged Out', as the enhanced button's toast does).
      res.redirect(303, doneAt('/', 'logout', 'done', ACCOUNT_NOTICE_ID).location);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
