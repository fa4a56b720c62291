/**
 * The inbox (issue #13), built for triage (issue #29.6–7): open work by default, sorted by what is due, rows past the
 * response target marked in words and colour, saved views, filters that apply at once, bulk changes, and keys. The
 * filter lives in the URL query; 'Export CSV' downloads the same filter.
 */
import { useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { InboxFilter } from '../../../../shared/requests';
import { paths } from '../../../app/paths';
import { trpc } from '../../../lib/trpc';
import { KeyboardHelp, useDeskKeys } from '../desk-keys';
import { SAVED_VIEWS, filterToQuery, sortsByDue } from '../inbox-filter';
import { StaffTitle, useStaff } from '../staff-context';
import { BulkBar } from './bulk-bar';
import { InboxFilters } from './inbox-filters';
import { InboxTable } from './inbox-table';
import { useInbox } from './use-inbox';

const sameView = (a: InboxFilter, b: InboxFilter) => filterToQuery(a) === filterToQuery(b);

export function InboxView() {
  const inboxData = useInbox();
  const { filter, setFilter, members, inbox, rows, now, waiting, showWaiting, announcement } = inboxData;
  const { me } = useStaff();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const [selected, setSelected] = useState(() => new Set<number>());
  const [active, setActive] = useState(-1);
  const [help, setHelp] = useState(false);
  const [said, setSaid] = useState('');
  // The form keeps what is typed while its own choices apply; it starts afresh when a view or Clear replaces them.
  const [formKey, setFormKey] = useState(0);
  const searchRef = useRef<HTMLInputElement>(null);
  const applyView = (next: InboxFilter) => {
    setFormKey((key) => key + 1);
    setSelected(new Set());
    setFilter(next);
  };

  const claim = trpc.staff.claim.useMutation({
    onSuccess: (row) => {
      setSaid(`You own ${row.reference} now.`);
      void utils.staff.inbox.invalidate();
    },
    onError: (error) => setSaid(error.message),
  });
  const focusRow = (index: number) => {
    const bounded = Math.max(0, Math.min(rows.length - 1, index));
    setActive(bounded);
    document.querySelector<HTMLAnchorElement>(`[data-inbox-row="${bounded}"] a`)?.focus();
  };
  useDeskKeys({
    j: () => focusRow(active + 1),
    k: () => focusRow(active - 1),
    c: () => {
      const row = rows[active];
      if (!row) return setSaid('Choose a request first: j and k move through the list.');
      if (row.ownerId !== null && row.ownerId !== me.id) return navigate(paths.staffRequest(row.id));
      claim.mutate({ id: row.id });
    },
    '/': () => searchRef.current?.focus(),
    '?': () => setHelp(true),
  });

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      <StaffTitle title="Inbox" />
      <div className="app-staff__heading">
        <h1>Inbox</h1>
        <p className="app-staff__heading-actions">
          <button
            type="button"
            className="app-button app-button--ghost app-staff__keys-button"
            onClick={() => setHelp(true)}
          >
            Keyboard shortcuts
          </button>{' '}
          <a className="app-button app-button--secondary" href={`/staff/export.csv${filterToQuery(filter)}`} download>
            Export CSV
          </a>
        </p>
      </div>
      <nav aria-label="Saved views" className="app-staff__views">
        <ul>
          {SAVED_VIEWS.map((view) => (
            <li key={view.label}>
              <Link
                href={`${paths.staff()}${filterToQuery(view.filter)}`}
                className="app-staff__view"
                aria-current={sameView(view.filter, filter) ? 'page' : undefined}
                onClick={() => setFormKey((key) => key + 1)}
              >
                {view.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <InboxFilters
        key={formKey}
        filter={filter}
        members={members}
        searchRef={searchRef}
        onApply={(next) => {
          setSelected(new Set());
          setFilter(next);
        }}
        onClear={() => applyView({ status: 'open' })}
      />
      <p className="app-visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <p className="app-staff__notice" role="status">
        {said}
      </p>
      {waiting ? (
        <p className="app-staff__waiting">
          <button type="button" className="app-button app-button--secondary" onClick={showWaiting}>
            {waiting === 1 ? 'Show 1 new request' : `Show ${waiting} new requests`}
          </button>
        </p>
      ) : null}
      {selected.size ? (
        <BulkBar
          ids={[...selected]}
          members={members}
          onDone={(message) => {
            setSaid(message);
            setSelected(new Set());
            void utils.staff.inbox.invalidate();
          }}
          onError={setSaid}
        />
      ) : null}
      {inbox.isPending ? (
        <p role="status">Loading requests…</p>
      ) : inbox.isError ? (
        <p role="alert">Could not load the requests: {inbox.error.message}</p>
      ) : rows.length === 0 ? (
        <p>No requests match this filter.</p>
      ) : (
        <InboxTable
          rows={rows}
          now={now}
          target={inboxData.responseTarget}
          sortedByDue={sortsByDue(filter)}
          selected={selected}
          active={active}
          onSelect={toggle}
          onSelectAll={(on) => setSelected(on ? new Set(rows.map((row) => row.id)) : new Set())}
          onFocusRow={setActive}
        />
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
      <KeyboardHelp open={help} onClose={() => setHelp(false)} />
    </>
  );
}
