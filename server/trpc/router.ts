import { router } from './trpc';
import { healthRouter } from './routers/health';

/** The one tRPC router, composed from per-feature routers. */
export const appRouter = router({
  health: healthRouter,
});

export type AppRouter = typeof appRouter;
