import { router } from './trpc';
import { healthRouter } from './routers/health';
import { formsRouter } from './routers/forms';
import { authRouter } from './routers/auth';

/** The one tRPC router, composed from per-feature routers. */
export const appRouter = router({
  health: healthRouter,
  forms: formsRouter,
  auth: authRouter,
});

export type AppRouter = typeof appRouter;
