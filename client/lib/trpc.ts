import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../server/trpc/router';

/**
 * tRPC's React Query hooks, for every component that calls a procedure (the dashboard, the
 * stored forms, the account forms). They need <TrpcProvider> (or withTrpc) above them.
 */
export const trpc = createTRPCReact<AppRouter>();
