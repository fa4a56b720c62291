import { createTRPCClient, httpLink } from '@trpc/client';
import type { AppRouter } from '../../server/trpc/router';

/**
 * The vanilla tRPC client (no React Query), for code that loads on demand: the
 * forms import it dynamically on first use so it never weighs on a page's first load.
 * Only the router's type comes from the server.
 */
export const trpcClient = createTRPCClient<AppRouter>({
  links: [httpLink({ url: '/trpc' })],
});
