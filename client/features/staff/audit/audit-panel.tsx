/** Audit (issue #13, admins): the security and staff audit log, newest first, filtered by type, paged. */
import { TableRegion } from '../table-region';
import { formatLagosInstant } from '../inbox-filter';
import { StaffTitle } from '../staff-context';
import { useAudit } from './use-audit';

export function AuditPanel() {
  const { type, setType, types, log, rows } = useAudit();
  return (
    <>
      <StaffTitle title="Audit" />
      <h1>Audit</h1>
      <div className="app-staff__filters">
        <div className="app-field">
          <label className="app-field__label" htmlFor="audit-type">
            Event type
          </label>
          <select
            id="audit-type"
            className="app-field__control"
            value={type}
            onChange={(event) => setType(event.target.value)}
          >
            <option value="">All events</option>
            {types.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {log.isPending ? (
        <p role="status">Loading the audit log…</p>
      ) : log.isError ? (
        <p role="alert">Could not load the audit log: {log.error.message}</p>
      ) : rows.length === 0 ? (
        <p>No events.</p>
      ) : (
        <TableRegion label="Audit events">
          <table className="app-staff__table">
            <caption className="app-visually-hidden">Audit events, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When (Lagos)</th>
                <th scope="col">Event</th>
                <th scope="col">By</th>
                <th scope="col">Email</th>
                <th scope="col">Subject</th>
                <th scope="col">Detail</th>
                <th scope="col">IP</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{formatLagosInstant(row.createdAt)}</td>
                  <td>{row.type}</td>
                  <td>{row.actorName ?? (row.actorUserId ? `User ${row.actorUserId}` : '—')}</td>
                  <td>{row.maskedEmail ?? '—'}</td>
                  <td>{row.subject ?? '—'}</td>
                  <td className="app-staff__detail">{row.detail ?? '—'}</td>
                  <td>{row.ip ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {log.hasNextPage ? (
        <p>
          <button
            type="button"
            className="app-button app-button--secondary"
            onClick={() => void log.fetchNextPage()}
            disabled={log.isFetchingNextPage}
          >
            {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </p>
      ) : null}
    </>
  );
}
