/**
 * The inbox (issue #13): every request, newest first, filtered and searched on the server, paged by keyset
 * ('Load more'), updated live. The filter lives in the URL query; 'Export CSV' downloads the same filter.
 */
import { Link } from 'wouter';
import { requestStatusLabels, requestTypeLabels, type InboxRow } from '../../../../shared/requests';
import { paths } from '../../../app/paths';
import { filterToQuery, formatAge } from '../inbox-filter';
import { StaffTitle } from '../staff-context';
import { StaffTable } from '../table-region';
import { InboxFilters } from './inbox-filters';
import { useInbox } from './use-inbox';

export function InboxView() {
  const { search, filter, setFilter, members, inbox, rows, now, waiting, showWaiting, announcement } = useInbox();
  return (
    <>
      <StaffTitle title="Inbox" />
      <div className="app-staff__heading">
        <h1>Inbox</h1>
        <a className="app-button app-button--secondary" href={`/staff/export.csv${filterToQuery(filter)}`} download>
          Export CSV
        </a>
      </div>
      <InboxFilters key={search} filter={filter} members={members} onApply={setFilter} onClear={() => setFilter({})} />
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
        <InboxTable rows={rows} now={now} />
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

function InboxTable({ rows, now }: { rows: InboxRow[]; now: number }) {
  return (
    <StaffTable
      label="Requests"
      caption="Requests, newest first"
      columns={['Reference', 'Type', 'Name', 'Asked for', 'Requested date', 'Status', 'Owner', 'Age']}
    >
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
    </StaffTable>
  );
}
