import { trpc } from '../../lib/trpc';
import { backgroundQuery } from '../../lib/trpc-provider';

export const NEW_COUNT_POLL_MS = 120_000;

/**
 * Requests still New, for the navigation badge and the tab title: polled, and fetched again on every live inbox
 * change. No person asks for it, so every fetch is a background request that does not keep the session alive
 * (issue #24.3: an open staff tab must still reach the 2-hour idle limit).
 */
export const useNewRequestCount = () =>
  trpc.staff.newCount.useQuery(undefined, { refetchInterval: NEW_COUNT_POLL_MS, ...backgroundQuery });
