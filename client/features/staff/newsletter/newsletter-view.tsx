/** The newsletter list (issue #13): newest first, search by address, 'Load more', and unsubscribe on request. */
import { ConfirmAction } from '../confirm-action';
import { formatLagosInstant } from '../inbox-filter';
import { StaffTitle } from '../staff-context';
import { StaffTable } from '../table-region';
import { NewsletterSearch } from './newsletter-search';
import { useNewsletter } from './use-newsletter';

export function NewsletterView() {
  const { setSearch, list, rows, notice, noticeRef, unsubscribing, unsubscribeRow } = useNewsletter();
  return (
    <>
      <StaffTitle title="Newsletter" />
      <h1>Newsletter</h1>
      <NewsletterSearch onSearch={setSearch} />
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
        <StaffTable
          label="Newsletter subscribers"
          caption="Newsletter subscribers, newest first"
          columns={['Email', 'Reference', 'Subscribed', { hidden: 'Actions' }]}
        >
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
                  busy={unsubscribing}
                  onConfirm={() => unsubscribeRow(row)}
                />
              </td>
            </tr>
          ))}
        </StaffTable>
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
