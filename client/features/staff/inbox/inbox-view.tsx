/**
 * The inbox (issue #13): every request, newest first, filtered and searched on the server, paged by keyset
 * ('Load more'), updated live. The filter lives in the URL query; 'Export CSV' downloads the same filter.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import {
  REQUEST_STATUSES,
  REQUEST_TYPES,
  requestStatusLabels,
  requestTypeLabels,
  type InboxFilter,
  type InboxRow,
} from '../../../../shared/requests';
import { paths } from '../../../app/paths';
import { formValue } from '../../../components/form/form-value';
import { TableRegion } from '../table-region';
import { trpc } from '../../../lib/trpc';
import { filterFromQuery, filterToQuery, formatAge, liveMatch, mergeRows } from '../inbox-filter';
import { StaffTitle, useStaff } from '../staff-context';

export function InboxView() {
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
  const [now, setNow] = useState(() => Date.now());

  // A new filter starts from what the server lists.
  const [listedFor, setListedFor] = useState(search);
  if (listedFor !== search) {
    setListedFor(search);
    setArrived([]);
    setChanged(new Map());
    setWaiting(0);
  }

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);

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
  const rows = mergeRows(arrived, pages, changed);
  const setFilter = (next: InboxFilter) => navigate(`${paths.staff()}${filterToQuery(next)}`);
  const showWaiting = () => {
    setWaiting(0);
    void inbox.refetch();
  };

  return (
    <>
      <StaffTitle title="Inbox" />
      <div className="app-staff__heading">
        <h1>Inbox</h1>
        <a className="app-button app-button--secondary" href={`/staff/export.csv${filterToQuery(filter)}`} download>
          Export CSV
        </a>
      </div>
      <InboxFilters
        key={search}
        filter={filter}
        members={members.data ?? []}
        onApply={setFilter}
        onClear={() => setFilter({})}
      />
      <p className="app-visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {waiting ? (
        <p className="app-staff__waiting">
          <button type="button" className="app-button app-button--secondary" onClick={showWaiting}>
            {waiting === 1 ? 'Show 1 new request' : `Show ${waiting} new requests`}
          </button>
        </p>
      ) : null}
      {inbox.isPending ? (
        <p role="status">Loading requests…</p>
      ) : inbox.isError ? (
        <p role="alert">Could not load the requests: {inbox.error.message}</p>
      ) : rows.length === 0 ? (
        <p>No requests match this filter.</p>
      ) : (
        <TableRegion label="Requests">
          <table className="app-staff__table">
            <caption className="app-visually-hidden">Requests, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">Type</th>
                <th scope="col">Name</th>
                <th scope="col">Asked for</th>
                <th scope="col">Requested date</th>
                <th scope="col">Status</th>
                <th scope="col">Owner</th>
                <th scope="col">Age</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className={row.status === 'new' ? 'app-staff__row--new' : undefined}>
                  <td>
                    <Link href={paths.staffRequest(row.id)}>{row.reference}</Link>
                  </td>
                  <td>{requestTypeLabels[row.type]}</td>
                  <td>{row.fullName}</td>
                  <td>{row.subject}</td>
                  <td>{row.requestedDate ?? '—'}</td>
                  <td>
                    <span className={`app-staff__status app-staff__status--${row.status}`}>
                      {requestStatusLabels[row.status]}
                    </span>
                  </td>
                  <td>{row.ownerName ?? 'Unassigned'}</td>
                  <td>{formatAge(row.createdAt, now)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {inbox.hasNextPage ? (
        <p>
          <button
            type="button"
            className="app-button app-button--secondary"
            onClick={() => void inbox.fetchNextPage()}
            disabled={inbox.isFetchingNextPage}
          >
            {inbox.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </p>
      ) : null}
    </>
  );
}

type Member = { id: number; fullName: string };

function InboxFilters({
  filter,
  members,
  onApply,
  onClear,
}: {
  filter: InboxFilter;
  members: Member[];
  onApply: (filter: InboxFilter) => void;
  onClear: () => void;
}) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const text = (name: string) => formValue(form, name);
    onApply(
      filterFromQuery(
        new URLSearchParams({
          type: text('type'),
          status: text('status'),
          owner: text('owner'),
          from: text('from'),
          to: text('to'),
          search: text('search'),
        }).toString(),
      ),
    );
  };
  return (
    <form className="app-staff__filters" onSubmit={onSubmit} role="search" aria-label="Filter requests">
      <div className="app-field app-staff__search">
        <label className="app-field__label" htmlFor="inbox-search">
          Search
        </label>
        <input
          id="inbox-search"
          name="search"
          type="search"
          className="app-field__control"
          defaultValue={filter.search ?? ''}
          maxLength={100}
          aria-describedby="inbox-search-hint"
        />
        <p id="inbox-search-hint" className="app-field__hint">
          Reference, name, email or phone
        </p>
      </div>
      <FilterSelect
        id="inbox-type"
        name="type"
        label="Type"
        value={filter.type}
        options={REQUEST_TYPES.map((type) => [type, requestTypeLabels[type]])}
      />
      <FilterSelect
        id="inbox-status"
        name="status"
        label="Status"
        value={filter.status}
        options={REQUEST_STATUSES.map((status) => [status, requestStatusLabels[status]])}
      />
      <FilterSelect
        id="inbox-owner"
        name="owner"
        label="Owner"
        value={filter.owner === undefined ? undefined : String(filter.owner)}
        options={[
          ['me', 'Me'],
          ['none', 'Unassigned'],
          ...members.map((member): [string, string] => [String(member.id), member.fullName]),
        ]}
      />
      <div className="app-field">
        <label className="app-field__label" htmlFor="inbox-from">
          Received from
        </label>
        <input
          id="inbox-from"
          name="from"
          type="date"
          className="app-field__control"
          defaultValue={filter.from ?? ''}
        />
      </div>
      <div className="app-field">
        <label className="app-field__label" htmlFor="inbox-to">
          Received to
        </label>
        <input id="inbox-to" name="to" type="date" className="app-field__control" defaultValue={filter.to ?? ''} />
      </div>
      <div className="app-staff__filter-actions">
        <button type="submit" className="app-button app-button--primary">
          Apply
        </button>
        <button type="button" className="app-button app-button--ghost" onClick={onClear}>
          Clear
        </button>
      </div>
    </form>
  );
}

function FilterSelect({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  options: [value: string, label: string][];
}) {
  return (
    <div className="app-field">
      <label className="app-field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} className="app-field__control" defaultValue={value ?? ''}>
        <option value="">Any</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
