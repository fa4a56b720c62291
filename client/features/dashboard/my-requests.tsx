/**
 * 'My requests' on the dashboard (issue #13): every request sent with the patient's confirmed address, its status,
 * the confirmed time and the staff's message. An appointment not yet confirmed can be cancelled here, after a
 * confirmation step that keeps the focus where the patient is.
 */
import { useRef, useState } from 'react';
import { formatLagosDate, formatLagosDateTime } from '../../../shared/lagos-date';
import { requestStatusLabels, requestTypeLabels } from '../../../shared/requests';
import { useToast } from '../../components/toast/toast-provider';
import { trpc } from '../../lib/trpc';

const receivedDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(iso),
  );

export function MyRequests() {
  const list = trpc.patient.requests.useQuery();
  const utils = trpc.useUtils();
  const { toast } = useToast();
  const [confirming, setConfirming] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cancel = trpc.patient.cancelRequest.useMutation({
    onSuccess: () => {
      setConfirming(null);
      toast({ title: 'Appointment cancelled', description: 'We have emailed you a confirmation.' });
      void utils.patient.requests.invalidate();
      headingRef.current?.focus();
    },
    onError: (error) => toast({ title: 'Could not cancel', description: error.message, variant: 'destructive' }),
  });

  return (
    <section className="app-card app-dashboard__requests" aria-labelledby="my-requests-heading">
      <h2 id="my-requests-heading" ref={headingRef} tabIndex={-1}>
        My requests
      </h2>
      {list.isPending ? (
        <p role="status">Loading your requests…</p>
      ) : list.isError ? (
        <p role="alert">Could not load your requests. Reload the page to try again.</p>
      ) : !list.data.confirmed ? (
        <p>{list.data.message}</p>
      ) : list.data.requests.length === 0 ? (
        <p>
          You have not sent any requests with this email address yet. Appointments, service orders, trip plans and job
          applications you send appear here.
        </p>
      ) : (
        <ul className="app-dashboard__request-list">
          {list.data.requests.map((request) => (
            <li key={request.id} className="app-dashboard__request">
              <h3>
                {requestTypeLabels[request.type]}: {request.subject}
              </h3>
              <dl className="app-dashboard__facts">
                <div>
                  <dt>Reference</dt>
                  <dd>{request.reference}</dd>
                </div>
                <div>
                  <dt>Sent</dt>
                  <dd>{receivedDate(request.createdAt)}</dd>
                </div>
                {request.requestedDate ? (
                  <div>
                    <dt>Requested date</dt>
                    <dd>{formatLagosDate(request.requestedDate)}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>Status</dt>
                  <dd>
                    <strong>{requestStatusLabels[request.status]}</strong>
                  </dd>
                </div>
                {request.confirmedFor ? (
                  <div>
                    <dt>Confirmed for</dt>
                    <dd>{formatLagosDateTime(request.confirmedFor)}</dd>
                  </div>
                ) : null}
                {request.cancelReason ? (
                  <div>
                    <dt>Reason</dt>
                    <dd>{request.cancelReason}</dd>
                  </div>
                ) : null}
                {request.staffMessage ? (
                  <div>
                    <dt>Message from our team</dt>
                    <dd className="app-dashboard__message">{request.staffMessage}</dd>
                  </div>
                ) : null}
              </dl>
              {request.mayCancel ? (
                confirming === request.id ? (
                  <div
                    role="group"
                    aria-labelledby={`cancel-question-${request.id}`}
                    className="app-dashboard__actions"
                  >
                    <p id={`cancel-question-${request.id}`}>Cancel appointment {request.reference}?</p>
                    <button
                      type="button"
                      className="app-button app-button--danger"
                      disabled={cancel.isPending}
                      onClick={() => cancel.mutate({ id: request.id })}
                    >
                      {cancel.isPending ? 'Cancelling…' : 'Yes, cancel it'}
                    </button>
                    <button
                      type="button"
                      className="app-button app-button--secondary"
                      onClick={() => setConfirming(null)}
                    >
                      Keep it
                    </button>
                  </div>
                ) : (
                  <div className="app-dashboard__actions">
                    <button
                      type="button"
                      className="app-button app-button--secondary"
                      onClick={() => setConfirming(request.id)}
                    >
                      Cancel appointment<span className="app-visually-hidden"> {request.reference}</span>
                    </button>
                  </div>
                )
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
