import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../server/trpc/router';

/**
 * tRPC's React Query hooks, for the screens rendered in the browser behind a session
 * (the dashboard). Public pages use the lighter vanilla client (trpc-client.ts) on demand.
 */
export const trpc = createTRPCReact<AppRouter>();
