/** The read-only parts of a request's page (issue #13): the summary line, what was sent, and the history. */
import { formatLagosDateTime } from '../../../../shared/lagos-date';
import { callOutcomeLabels, requestStatusLabels } from '../../../../shared/requests';
import { formatLagosDay, formatLagosInstant } from '../inbox-filter';
import { consentChangeText, textHistory } from '../messages/message-text';
import { FieldValue } from './field-value';
import { describeRequestEvent } from './request-event-text';
import type { RequestDetail, RequestTextsView } from './use-request';

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

type HistoryItem = { key: string; at: string; who: string; text: string; body: string | null };

/**
 * The request's own events and its texts' moments (queued, sent, delivered…) and its number's consent changes, in
 * time order: one story of what happened to the patient.
 */
export function historyItems(
  events: RequestDetail['events'],
  texts: RequestTextsView | undefined,
  calls: RequestDetail['calls'] = [],
): HistoryItem[] {
  const items: HistoryItem[] = events.map((event) => ({
    key: `event-${event.id}`,
    at: event.createdAt,
    who: event.actorName ?? (event.actorKind === 'patient' ? 'Patient' : 'System'),
    text: describeRequestEvent(event),
    body: event.body && event.kind !== 'status' ? event.body : null,
  }));
  // The call log (issue #29.7): who called, the outcome, and the next try.
  for (const call of calls)
    items.push({
      key: `call-${call.id}`,
      at: call.createdAt,
      who: call.actorName ?? 'Staff',
      text: `Called the patient: ${callOutcomeLabels[call.outcome].toLowerCase()}.${call.nextTryFor ? ` Next try ${formatLagosDay(call.nextTryFor)}.` : ''}`,
      body: null,
    });
  for (const change of texts?.consentHistory ?? [])
    items.push({
      key: `consent-${change.id}`,
      at: change.at,
      who: 'Texts',
      text: consentChangeText(change),
      body: null,
    });
  // After the consent that allowed them: a form's consent and its receipt's text share their instant.
  for (const row of texts?.messages ?? [])
    for (const moment of textHistory(row)) items.push({ ...moment, who: 'Texts', body: null });
  // Stable: events of the same instant keep the order they were made in.
  return items.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

export function RequestHistory({
  events,
  texts,
  calls,
}: {
  events: RequestDetail['events'];
  texts?: RequestTextsView | undefined;
  calls?: RequestDetail['calls'];
}) {
  return (
    <section aria-labelledby="request-history" className="app-staff__panel">
      <h2 id="request-history">History</h2>
      <ol className="app-staff__history">
        {historyItems(events, texts, calls).map((item) => (
          <li key={item.key}>
            <p className="app-staff__history-meta">
              {formatLagosInstant(item.at)} · {item.who}
            </p>
            <p>{item.text}</p>
            {item.body ? <p className="app-staff__history-body">{item.body}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
