/** The audit log's data (issue #13, admins): the event types, and the log's pages for the chosen type. */
import { useState } from 'react';
import { trpc } from '../../../lib/trpc';

export function useAudit() {
  const [type, setType] = useState('');
  const types = trpc.audit.types.useQuery();
  const log = trpc.audit.list.useInfiniteQuery(type ? { type } : {}, {
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const rows = log.data?.pages.flatMap((page) => page.rows) ?? [];
  return { type, setType, types: types.data ?? [], log, rows };
}
