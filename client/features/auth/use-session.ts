import { trpc } from '../../lib/trpc';

export type SessionUser = { email: string; fullName: string; role: string };
export type SessionState =
  | { status: 'loading' }
  | { status: 'authenticated'; user: SessionUser }
  | { status: 'anonymous' }
  | { status: 'error' };

/**
 * The current session as the server sees it (auth.me), through TanStack Query.
 * The session cookie is HttpOnly, so the server is the only one who can tell.
 * Needs <TrpcProvider> above it.
 */
export function useSession(): SessionState {
  const me = trpc.auth.me.useQuery();
  if (me.isPending) return { status: 'loading' };
  if (me.isError) return { status: 'error' };
  return me.data.user ? { status: 'authenticated', user: me.data.user } : { status: 'anonymous' };
}
