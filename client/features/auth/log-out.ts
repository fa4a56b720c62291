import { trpcClient } from '../../lib/trpc-client';

/** Ends this browser's session on the server (and clears its cookie); rejects with the error on failure. */
export async function logOut(): Promise<void> {
  await trpcClient.auth.logOut.mutate();
}
