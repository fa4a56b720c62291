/** Audit (issue #13, admins): the security and staff audit log, newest first, filtered by type, paged. */
import { StaffTable } from '../table-region';
import { formatLagosInstant } from '../inbox-filter';
import { StaffTitle } from '../staff-context';
import { useAudit } from './use-audit';
import { ChoiceSelect } from '../../../components/form/choice-select';

export function AuditPanel() {
  const { type, setType, types, log, rows } = useAudit();
  return (
    <>
      <StaffTitle title="Audit" />
      <h1>Audit</h1>
      <div className="app-staff__filters">
        <ChoiceSelect
          id="audit-type"
          label="Event type"
          emptyLabel="All events"
          options={types.map((name) => [name, name] as const)}
          value={type}
          onChange={(event) => setType(event.target.value)}
        />
      </div>
      {log.isPending ? (
        <p role="status">Loading the audit log…</p>
      ) : log.isError ? (
        <p role="alert">Could not load the audit log: {log.error.message}</p>
      ) : rows.length === 0 ? (
        <p>No events.</p>
      ) : (
        <StaffTable
          label="Audit events"
          caption="Audit events, newest first"
          columns={['When (Lagos)', 'Event', 'By', 'Email', 'Subject', 'Detail', 'IP']}
        >
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
        </StaffTable>
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
