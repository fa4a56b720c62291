import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpLink } from '@trpc/client';
import { useState, type ReactNode } from 'react';
import { trpc } from './trpc';

/**
 * TanStack Query and the tRPC React client, mounted by the features that need them
 * (they load with their route's chunk, so public pages never pay for them).
 */
export function TrpcProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  );
  const [client] = useState(() => trpc.createClient({ links: [httpLink({ url: '/trpc' })] }));
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
