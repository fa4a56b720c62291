/**
 * 'My requests' on the dashboard (issue #13): every request sent with the patient's confirmed address, its status
 * in the patient's words (issue #29.8), the confirmed time and the staff's message. An appointment not yet confirmed
 * can be cancelled here, after a confirmation step that keeps the focus where the patient is.
 */
import { useRef, useState, type FormEvent } from 'react';
import { formatLagosDate, formatLagosDateTime } from '../../../shared/lagos-date';
import { patientRequestStatus } from '../../../shared/patient-request-status';
import { requestTypeLabels } from '../../../shared/requests';
import { useToast } from '../../components/toast/toast-provider';
import { trpc } from '../../lib/trpc';
import { backgroundQuery } from '../../lib/trpc-provider';
import { useSearch } from 'wouter';
import { ACCOUNT_FORM, DASHBOARD_PAGE, DASHBOARD_STEP_QUERY } from '../../../shared/forms/account-forms';
import { FORM_NAME_FIELD } from '../../../shared/forms/form-post';
import { useSubmissionErrors } from '../../components/form/use-submission-errors';
import { AppointmentLinkRefused, UpcomingAppointments } from './upcoming-appointments';

type CancelStepProps = {
  request: { id: number; reference: string };
  open: boolean;
  pending: boolean;
  onOpen: (open: boolean) => void;
  onCancel: () => void;
};

/**
 * 'Cancel appointment', then 'Yes, cancel it' or 'Keep it'. Plain forms underneath (issue #15): without JavaScript
 * the first opens the step (?cancel=ID), 'Yes' posts through the same procedure and 'Keep it' closes the step.
 */
function CancelStep({ request, open, pending, onOpen, onCancel }: CancelStepProps) {
  const refused = useSubmissionErrors(ACCOUNT_FORM.cancelRequest);
  const backHere = `${DASHBOARD_PAGE}#request-${request.id}`;
  const keepFormId = `keep-request-${request.id}`;
  const step = (event: FormEvent<HTMLFormElement>, opening: boolean) => {
    event.preventDefault();
    onOpen(opening);
  };
  if (!open)
    return (
      <form className="app-dashboard__actions" method="get" action={backHere} onSubmit={(event) => step(event, true)}>
        <input type="hidden" name={DASHBOARD_STEP_QUERY.cancelRequest} value={request.id} />
        <button type="submit" className="app-button app-button--secondary">
          Cancel appointment<span className="app-visually-hidden"> {request.reference}</span>
        </button>
      </form>
    );
  return (
    <>
      <form
        method="post"
        aria-labelledby={`cancel-question-${request.id}`}
        className="app-dashboard__actions"
        onSubmit={(event) => {
          event.preventDefault();
          onCancel();
        }}
      >
        <input type="hidden" name={FORM_NAME_FIELD} value={ACCOUNT_FORM.cancelRequest} />
        <input type="hidden" name="id" value={request.id} />
        <p id={`cancel-question-${request.id}`}>Cancel appointment {request.reference}?</p>
        {refused?.summary[0] ? <p role="alert">{refused.summary[0].message}</p> : null}
        <button type="submit" className="app-button app-button--danger" disabled={pending}>
          {pending ? 'Cancelling…' : 'Yes, cancel it'}
        </button>
        <button type="submit" form={keepFormId} className="app-button app-button--secondary">
          Keep it
        </button>
      </form>
      <form id={keepFormId} method="get" action={backHere} onSubmit={(event) => step(event, false)} />
    </>
  );
}

/** How often 'My requests' asks again: a staff change is seen within 30 s. */
export const MY_REQUESTS_POLL_MS = 10_000;

const receivedDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(iso),
  );

export function MyRequests() {
  const search = useSearch();
  // A staff change shows within MY_REQUESTS_POLL_MS without a reload (issue #29.8); TanStack Query pauses the
  // polling while the tab is hidden. No person asks for it, so it does not keep the session alive.
  const list = trpc.patient.requests.useQuery(undefined, { refetchInterval: MY_REQUESTS_POLL_MS, ...backgroundQuery });
  const utils = trpc.useUtils();
  const { toast } = useToast();
  // ?cancel=ID opens the step without JavaScript (issue #15).
  const [confirming, setConfirming] = useState<number | null>(() => {
    const asked = Number(new URLSearchParams(search).get(DASHBOARD_STEP_QUERY.cancelRequest));
    return Number.isInteger(asked) && asked > 0 ? asked : null;
  });
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
      <AppointmentLinkRefused />
      {list.isPending ? (
        <p role="status">Loading your requests…</p>
      ) : list.isError ? (
        <p role="alert">Could not load your requests. Reload the page to try again.</p>
      ) : !list.data.confirmed ? (
        <p>{list.data.message}</p>
      ) : list.data.requests.length === 0 && list.data.appointments.length === 0 ? (
        <p>
          You have not sent any requests with this email address yet. Appointments, service orders, trip plans and job
          applications you send appear here.
        </p>
      ) : (
        <>
          <UpcomingAppointments appointments={list.data.appointments} />
          <ul className="app-dashboard__request-list">
            {list.data.requests.map((request) => (
              <li key={request.id} id={`request-${request.id}`} className="app-dashboard__request-item">
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
                      <strong>{patientRequestStatus(request)}</strong>
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
                  <CancelStep
                    request={request}
                    open={confirming === request.id}
                    pending={cancel.isPending}
                    onOpen={(open) => setConfirming(open ? request.id : null)}
                    onCancel={() => cancel.mutate({ id: request.id })}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
