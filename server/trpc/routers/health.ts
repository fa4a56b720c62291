import { sql } from 'kysely';
import { publicProcedure, router } from '../trpc';

export const healthRouter = router({
  check: publicProcedure.query(async ({ ctx }) => {
    await sql`select 1`.execute(ctx.db);
    return { status: 'ok' as const };
  }),
});
