/** The read-only parts of a request's page (issue #13): the summary line, what was sent, and the history. */
import { formatLagosDateTime } from '../../../../shared/lagos-date';
import { requestStatusLabels } from '../../../../shared/requests';
import { formatLagosInstant } from '../inbox-filter';
import { FieldValue } from './field-value';
import { describeRequestEvent } from './request-event-text';
import type { RequestDetail } from './use-request';

export function RequestSummary({ detail }: { detail: RequestDetail }) {
  const { row } = detail;
  return (
    <p className="app-staff__summary">
      <span className={`app-staff__status app-staff__status--${row.status}`}>{requestStatusLabels[row.status]}</span> ·
      Owner: {row.ownerName ?? 'Unassigned'} · Received {formatLagosInstant(row.createdAt)} (Lagos time)
      {detail.confirmedFor ? <> · Confirmed for {formatLagosDateTime(detail.confirmedFor)}</> : null}
    </p>
  );
}

export function RequestFields({ detail }: { detail: RequestDetail }) {
  return (
    <section aria-labelledby="request-fields" className="app-staff__panel">
      <h2 id="request-fields">What was sent</h2>
      {detail.anonymised ? <p>This request was anonymised under the retention policy.</p> : null}
      <dl className="app-staff__fields">
        {detail.fields.map((field) => (
          <div key={field.label}>
            <dt>{field.label}</dt>
            <dd>
              <FieldValue field={field} phoneE164={detail.phoneE164} phoneMobile={detail.phoneMobile} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function RequestHistory({ events }: { events: RequestDetail['events'] }) {
  return (
    <section aria-labelledby="request-history" className="app-staff__panel">
      <h2 id="request-history">History</h2>
      <ol className="app-staff__history">
        {events.map((event) => (
          <li key={event.id}>
            <p className="app-staff__history-meta">
              {formatLagosInstant(event.createdAt)} ·{' '}
              {event.actorName ?? (event.actorKind === 'patient' ? 'Patient' : 'System')}
            </p>
            <p>{describeRequestEvent(event)}</p>
            {event.body && event.kind !== 'status' ? <p className="app-staff__history-body">{event.body}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
