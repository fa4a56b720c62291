/**
 * The inbox's data (issue #13): the filter from the URL query, the server's pages, and the rows that arrived or
 * changed live since (merged over the pages), with a line for screen readers and a count of new requests the server
 * must be asked about.
 */
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { requestTypeLabels, type InboxFilter, type InboxRow } from '../../../../shared/requests';
import { closedDatesWith } from '../../../../shared/response-target';
import { paths } from '../../../app/paths';
import { trpc } from '../../../lib/trpc';
import {
  filterFromQuery,
  filterToQuery,
  liveMatch,
  mergeRows,
  rememberInbox,
  sortByDue,
  sortsByDue,
} from '../inbox-filter';
import { useStaff } from '../staff-context';

export function useInbox() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filter = useMemo(() => filterFromQuery(search), [search]);
  const { me, listen } = useStaff();
  const members = trpc.staff.members.useQuery();
  const inbox = trpc.staff.inbox.useInfiniteQuery(filter, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  const [arrived, setArrived] = useState<InboxRow[]>([]);
  const [changed, setChanged] = useState(() => new Map<number, InboxRow>());
  const [waiting, setWaiting] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const now = useMinuteClock();

  // A new filter starts from what the server lists.
  const [listedFor, setListedFor] = useState(search);
  if (listedFor !== search) {
    setListedFor(search);
    setArrived([]);
    setChanged(new Map());
    setWaiting(0);
  }

  useEffect(
    () =>
      listen({
        onNew: (row) => {
          const verdict = liveMatch(filter, row, me.id);
          if (verdict === 'yes') {
            setArrived((rows) => [row, ...rows.filter((item) => item.id !== row.id)]);
            setAnnouncement(`New ${requestTypeLabels[row.type].toLowerCase()} from ${row.fullName}.`);
          } else if (verdict === 'ask-server') {
            setWaiting((count) => count + 1);
            setAnnouncement('A new request has arrived.');
          }
        },
        onChanged: (row) => setChanged((rows) => new Map(rows).set(row.id, row)),
      }),
    [listen, filter, me.id],
  );

  const pages = inbox.data?.pages.flatMap((page) => page.rows) ?? [];
  const merged = mergeRows(arrived, pages, changed);
  const rows = sortsByDue(filter) ? sortByDue(merged) : merged;
  const order = rows.map((row) => row.id).join(',');
  // '← Inbox' and a request's j/k go back to this list as it stands.
  useEffect(() => rememberInbox(search, order ? order.split(',').map(Number) : []), [search, order]);
  const firstPage = inbox.data?.pages[0];
  const extraClosed = firstPage?.extraClosedDates.join(',') ?? '';
  const responseTarget = useMemo(
    () => ({
      hours: firstPage?.responseTargetHours ?? 4,
      closedDates: closedDatesWith(extraClosed ? extraClosed.split(',') : []),
    }),
    [firstPage?.responseTargetHours, extraClosed],
  );
  const setFilter = (next: InboxFilter) => navigate(`${paths.staff()}${filterToQuery(next)}`);
  const showWaiting = () => {
    setWaiting(0);
    void inbox.refetch();
  };
  return {
    search,
    filter,
    setFilter,
    members: members.data ?? [],
    inbox,
    rows,
    responseTarget,
    now,
    waiting,
    showWaiting,
    announcement,
  };
}

/** Now, moved on once a minute (the rows' ages). */
function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
