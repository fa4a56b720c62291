/**
 * GET /dashboard/my-data.json (issue #15): the dashboard's 'Download my data' without JavaScript. The same procedure
 * as the enhanced button (auth.downloadMyData, the session's own account), saved as a file. No session → log in.
 */
import { TRPCError } from '@trpc/server';
import express from 'express';
import { brand } from '../../shared/brand';
import { DASHBOARD_PAGE, LOG_IN_PAGE, MY_DATA_PATH } from '../../shared/forms/account-forms';
import type { CallerFor } from '../forms/native-post-answers';

export function myDataRouter(callerFor: CallerFor) {
  const router = express.Router();
  router.get(MY_DATA_PATH, async (req, res, next) => {
    try {
      const data = await (await callerFor(req, res)).auth.downloadMyData();
      res.setHeader('Cache-Control', 'no-store');
      res.attachment(`${brand.slug}-my-data.json`);
      res.type('json').send(JSON.stringify(data, null, 2));
    } catch (error) {
      if (error instanceof TRPCError && error.code === 'UNAUTHORIZED')
        return res.redirect(303, `${LOG_IN_PAGE}?next=${encodeURIComponent(DASHBOARD_PAGE)}`);
      next(error);
    }
  });
  return router;
}
