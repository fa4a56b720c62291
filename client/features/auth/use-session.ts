import { useEffect, useState } from 'react';
import { trpcClient } from '../../lib/trpc-client';

export type SessionUser = { email: string; fullName: string; role: string };
export type SessionState = { status: 'loading' } | { status: 'authenticated'; user: SessionUser } | { status: 'anonymous' } | { status: 'error' };

/**
 * Asks the server for the current session (auth.me) once the page is running in the browser.
 * The session cookie is HttpOnly, so the server is the only one who can tell.
 */
export function useSession(): SessionState {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    trpcClient.auth.me
      .query()
      .then(({ user }) => live && setState(user ? { status: 'authenticated', user } : { status: 'anonymous' }))
      .catch(() => live && setState({ status: 'error' }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}
