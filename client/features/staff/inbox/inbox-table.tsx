/**
 * The inbox's rows (issue #29.6–7): a checkbox each for bulk changes; what is due (a confirmed appointment's time,
 * the asked-for date, the next call try), the status with 'Overdue' or 'Late' past the response target (words beside
 * the colour), the owner and when it came in, dates with their weekday in Lagos time. Below 700 px each row is a card
 * (staff.css): nothing scrolls sideways.
 */
import { Link } from 'wouter';
import { requestStatusLabels, requestTypeLabels, type InboxRow } from '../../../../shared/requests';
import { formatLagosStamp } from '../../../../shared/lagos-date';
import { responseState, responseStateLabels, type ResponseTarget } from '../../../../shared/response-target';
import { paths } from '../../../app/paths';
import { formatAge, formatLagosDay, formatLagosInstant } from '../inbox-filter';
import { StaffTable } from '../table-region';

export function InboxTable({
  rows,
  now,
  target,
  sortedByDue,
  selected,
  active,
  onSelect,
  onSelectAll,
  onFocusRow,
}: {
  rows: InboxRow[];
  now: number;
  target: ResponseTarget;
  sortedByDue: boolean;
  selected: ReadonlySet<number>;
  active: number;
  onSelect: (id: number, on: boolean) => void;
  onSelectAll: (on: boolean) => void;
  onFocusRow: (index: number) => void;
}) {
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  return (
    <>
      <p className="app-staff__select-all">
        <label>
          <input type="checkbox" checked={allSelected} onChange={(event) => onSelectAll(event.target.checked)} /> Select
          all {rows.length} shown
        </label>
      </p>
      <StaffTable
        label="Requests"
        caption={sortedByDue ? 'Requests, by what is due first' : 'Requests, newest first'}
        columns={[{ hidden: 'Select' }, 'Reference', 'Name', 'Asked for', 'When', 'Status', 'Owner', 'Received']}
      >
        {rows.map((row, index) => {
          const state = responseState(row, now, target);
          const className = [
            'app-staff__inbox-row',
            row.status === 'new' ? 'app-staff__row--new' : '',
            state === 'on_time' ? '' : `app-staff__row--${state}`,
            index === active ? 'app-staff__row--active' : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <tr key={row.id} className={className} data-inbox-row={index}>
              <td className="app-staff__cell-select">
                <input
                  type="checkbox"
                  aria-label={`Select ${row.reference}`}
                  checked={selected.has(row.id)}
                  onChange={(event) => onSelect(row.id, event.target.checked)}
                />
              </td>
              <td data-label="Reference">
                <Link href={paths.staffRequest(row.id)} onFocus={() => onFocusRow(index)}>
                  {row.reference}
                </Link>
              </td>
              <td data-label="Name">{row.fullName}</td>
              <td data-label="Asked for">
                {requestTypeLabels[row.type]}: {row.subject}
              </td>
              <td data-label="When">
                <When row={row} />
              </td>
              <td data-label="Status">
                <span className={`app-staff__status app-staff__status--${row.status}`}>
                  {requestStatusLabels[row.status]}
                </span>
                {state === 'on_time' ? null : (
                  <span className={`app-staff__target app-staff__target--${state}`}> {responseStateLabels[state]}</span>
                )}
              </td>
              <td data-label="Owner">{row.ownerName ?? 'Unassigned'}</td>
              <td data-label="Received">
                {formatLagosInstant(row.createdAt)} ({formatAge(row.createdAt, now)})
              </td>
            </tr>
          );
        })}
      </StaffTable>
    </>
  );
}

function When({ row }: { row: InboxRow }) {
  const when =
    row.status === 'confirmed' && row.confirmedFor
      ? `Confirmed for ${formatLagosDay(row.confirmedFor)}`
      : row.requestedDate
        ? `Asked for ${formatLagosDay(row.requestedDate)}`
        : null;
  const call = row.nextCallAt
    ? `Call again ${formatLagosDay(formatLagosStamp(row.nextCallAt).replace(' ', 'T'))}`
    : null;
  if (!when && !call) return <>—</>;
  return (
    <>
      {when}
      {when && call ? <br /> : null}
      {call}
    </>
  );
}
