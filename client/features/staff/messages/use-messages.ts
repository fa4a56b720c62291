/** The Messages page's data (issue #27.2): the filter from the URL query, the server's pages, and the drivers. */
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { MessageFilter } from '../../../../shared/messaging/staff-messages';
import { paths } from '../../../app/paths';
import { trpc } from '../../../lib/trpc';
import { messageFilterFromQuery, messageFilterToQuery } from './message-filter';

export function useMessages() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filter = useMemo(() => messageFilterFromQuery(search), [search]);
  const drivers = trpc.staff.messages.driver.useQuery();
  const list = trpc.staff.messages.list.useInfiniteQuery(filter, {
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // The rows of the last filter stay while the next arrive: a filter applied at each key press does not flash.
    placeholderData: keepPreviousData,
  });
  /** `typing`: a number typed key by key replaces the history entry, so Back leaves the page, not one digit. */
  const setFilter = (next: MessageFilter, typing = false) =>
    navigate(`${paths.staffMessages()}${messageFilterToQuery(next)}`, { replace: typing });
  const rows = list.data?.pages.flatMap((page) => page.rows) ?? [];
  return { filter, setFilter, list, rows, drivers: drivers.data ?? null };
}
