/** The newsletter list (issue #13): newest first, search by address, 'Load more', and unsubscribe on request. */
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { ConfirmAction } from '../confirm-action';
import { formValue } from '../../../components/form/form-value';
import { TableRegion } from '../table-region';
import { trpc } from '../../../lib/trpc';
import { formatLagosInstant } from '../inbox-filter';
import { StaffTitle } from '../staff-context';

export function NewsletterView() {
  const [search, setSearch] = useState('');
  const input = useMemo(() => (search ? { search } : {}), [search]);
  const list = trpc.staff.newsletter.list.useInfiniteQuery(input, {
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const utils = trpc.useUtils();
  const [unsubscribing, setUnsubscribing] = useState('');
  const [notice, setNotice] = useState('');
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const unsubscribe = trpc.staff.newsletter.unsubscribe.useMutation({
    onSuccess: () => {
      setNotice(`${unsubscribing || 'The address'} is unsubscribed.`);
      void utils.staff.newsletter.list.invalidate();
      requestAnimationFrame(() => noticeRef.current?.focus());
    },
    onError: (error) => {
      setNotice(error.message);
      requestAnimationFrame(() => noticeRef.current?.focus());
    },
  });
  const rows = list.data?.pages.flatMap((page) => page.rows) ?? [];
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(formValue(event.currentTarget, 'search').trim());
  };

  return (
    <>
      <StaffTitle title="Newsletter" />
      <h1>Newsletter</h1>
      <form role="search" aria-label="Search subscribers" className="app-staff__filters" onSubmit={onSearch}>
        <div className="app-field app-staff__search">
          <label className="app-field__label" htmlFor="newsletter-search">
            Search by email
          </label>
          <input id="newsletter-search" name="search" type="search" className="app-field__control" maxLength={100} />
        </div>
        <div className="app-staff__filter-actions">
          <button type="submit" className="app-button app-button--primary">
            Search
          </button>
        </div>
      </form>
      <p ref={noticeRef} tabIndex={-1} role="status" className="app-staff__notice">
        {notice}
      </p>
      {list.isPending ? (
        <p role="status">Loading subscribers…</p>
      ) : list.isError ? (
        <p role="alert">Could not load the list: {list.error.message}</p>
      ) : rows.length === 0 ? (
        <p>No subscribers match.</p>
      ) : (
        <TableRegion label="Newsletter subscribers">
          <table className="app-staff__table">
            <caption className="app-visually-hidden">Newsletter subscribers, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Reference</th>
                <th scope="col">Subscribed</th>
                <th scope="col">
                  <span className="app-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.email}</td>
                  <td>{row.reference}</td>
                  <td>{formatLagosInstant(row.createdAt)}</td>
                  <td>
                    <ConfirmAction
                      label="Unsubscribe"
                      confirmLabel="Yes, unsubscribe"
                      name={row.email}
                      busy={unsubscribe.isPending}
                      onConfirm={() => {
                        setUnsubscribing(row.email);
                        unsubscribe.mutate({ id: row.id });
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {list.hasNextPage ? (
        <p>
          <button
            type="button"
            className="app-button app-button--secondary"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </p>
      ) : null}
    </>
  );
}
