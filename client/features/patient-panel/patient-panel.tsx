/**
 * One view of the patient (issue #29.4), beside a conversation or a request: their name, e-mail and phone as mailto:,
 * tel: and WhatsApp links, and their other requests and conversations with how each was matched. The staff page
 * provides it to the slots (client/lib/patient-panel-slot.tsx).
 */
import { useEffect, useId, useRef } from 'react';
import { Link } from 'wouter';
import { CONVERSATION_STATUS_LABELS } from '../../../shared/chat-events';
import { patientMatchLabels, whatsAppLink, type PatientMatch } from '../../../shared/patient-panel';
import { requestStatusLabels, requestTypeLabels } from '../../../shared/requests';
import { paths } from '../../app/paths';
import type { PatientPanelProps } from '../../lib/patient-panel-slot';
import { trpc } from '../../lib/trpc';
import './patient-panel.css';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});

const matchText = (matchedBy: PatientMatch[]) => matchedBy.map((match) => patientMatchLabels[match]).join(', ');

export function PatientPanel({ subject, version }: PatientPanelProps) {
  const headingId = useId();
  const panel = trpc.staff.patientPanel.useQuery(subject);
  const refetch = panel.refetch;
  const seenVersion = useRef(version);
  useEffect(() => {
    if (version === seenVersion.current) return;
    seenVersion.current = version;
    void refetch();
  }, [version, refetch]);
  const data = panel.data;
  return (
    <aside className="app-patient-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="app-patient-panel__heading">
        Patient
      </h2>
      {panel.isPending ? <p role="status">Loading…</p> : null}
      {panel.isError ? <p role="alert">Could not load the patient’s details: {panel.error.message}</p> : null}
      {data ? (
        <>
          <dl className="app-patient-panel__facts">
            <dt>Name</dt>
            <dd>{data.name ?? 'Not known'}</dd>
            <dt>E-mail</dt>
            <dd>{data.email ? <a href={`mailto:${data.email}`}>{data.email}</a> : 'Not known'}</dd>
            <dt>Phone</dt>
            <dd>
              {data.phone ? (
                <>
                  <a href={`tel:${data.phone}`}>{data.phone}</a>
                  {data.phoneMobile ? (
                    <>
                      {' · '}
                      <a href={whatsAppLink(data.phone)} target="_blank" rel="noopener noreferrer">
                        WhatsApp <span className="app-visually-hidden">{data.phone} (opens in a new tab)</span>
                      </a>
                    </>
                  ) : null}
                </>
              ) : (
                'Not known'
              )}
            </dd>
          </dl>
          <h3 className="app-patient-panel__subheading">Other requests</h3>
          {data.requests.length ? (
            <ul className="app-patient-panel__list">
              {data.requests.map((request) => (
                <li key={request.id}>
                  <Link href={paths.staffRequest(request.id)}>
                    {request.reference} · {requestTypeLabels[request.type]}
                  </Link>
                  <span className="app-patient-panel__meta">
                    {requestStatusLabels[request.status]} · {dateFormat.format(new Date(request.createdAt))} · by{' '}
                    {matchText(request.matchedBy)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="app-patient-panel__none">None found.</p>
          )}
          <h3 className="app-patient-panel__subheading">Other conversations</h3>
          {data.conversations.length ? (
            <ul className="app-patient-panel__list">
              {data.conversations.map((conversation) => (
                <li key={conversation.id}>
                  <Link href={`${paths.staffChats()}?conversation=${conversation.id}`}>
                    Conversation {conversation.shortId}
                  </Link>
                  <span className="app-patient-panel__meta">
                    {CONVERSATION_STATUS_LABELS[conversation.status]} ·{' '}
                    {dateFormat.format(new Date(conversation.lastActivityAt))} · by {matchText(conversation.matchedBy)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="app-patient-panel__none">None found.</p>
          )}
        </>
      ) : null}
    </aside>
  );
}
