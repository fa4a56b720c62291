import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpLink } from '@trpc/client';
import { useState, type ComponentType, type ReactNode } from 'react';
import { BACKGROUND_REQUEST_HEADER } from '../../shared/background-request';
import { trpc } from './trpc';

/**
 * Query options for a fetch no person asked for (a poll): it is sent with the background header, so the server checks
 * the session without extending it (issue #24.3).
 */
export const backgroundQuery = { trpc: { context: { background: true } } };

/**
 * TanStack Query and the tRPC React client, mounted by the features that need them
 * (they load with their route's chunk or a form's lazily loaded island, so no page's
 * first load pays for them).
 */
export function TrpcProvider({ children, seed }: { children: ReactNode; seed?: (queryClient: QueryClient) => void }) {
  const [queryClient] = useState(() => {
    const created = new QueryClient({
      defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
    });
    // Answers the page was drawn with on the server, before the first render (so hydration matches).
    seed?.(created);
    return created;
  });
  const [client] = useState(() =>
    trpc.createClient({
      links: [
        httpLink({
          url: '/trpc',
          headers: ({ op }) => (op.context.background === true ? { [BACKGROUND_REQUEST_HEADER]: '1' } : {}),
        }),
      ],
    }),
  );
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}

/**
 * The component inside its own <TrpcProvider>: for the form islands, whose live form is
 * loaded on demand, so the provider (and React Query) travel in the island's chunk.
 */
export function withTrpc<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithTrpc(props: P) {
    return (
      <TrpcProvider>
        <Component {...props} />
      </TrpcProvider>
    );
  }
  WithTrpc.displayName = `WithTrpc(${Component.displayName ?? Component.name})`;
  return WithTrpc;
}
