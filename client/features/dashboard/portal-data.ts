/**
 * A signed-in /dashboard is drawn on the server (issue #15) with the answers of the queries the page makes. The same
 * answers go into the page's query cache before the first render, so hydration draws the same tree, and nothing is
 * fetched again for a minute.
 */
import type { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { PORTAL_DATA_ID, type PortalData } from '../../../shared/render-result';
import { trpc } from '../../lib/trpc';

const SEEDED_FRESH_MS = 60_000;

export function seedPortal(queryClient: QueryClient, portal: PortalData) {
  for (const [key, data] of [
    [getQueryKey(trpc.auth.me, undefined, 'query'), portal.me],
    [getQueryKey(trpc.patient.requests, undefined, 'query'), portal.requests],
    [getQueryKey(trpc.patient.messageConsents, undefined, 'query'), portal.messageConsents],
  ] as const) {
    queryClient.setQueryDefaults(key, { staleTime: SEEDED_FRESH_MS });
    queryClient.setQueryData(key, data);
  }
}

/**
 * In the browser, the data the page was drawn with: read once, then removed, so a later client-side visit to the
 * dashboard fetches fresh data (and shows 'Loading Dashboard...' meanwhile).
 */
export function takePortalData(): PortalData | null {
  const element = document.getElementById(PORTAL_DATA_ID);
  if (!element) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as PortalData;
  } catch {
    return null;
  }
}
