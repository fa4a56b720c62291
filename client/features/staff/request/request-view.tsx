/**
 * One request's page (issue #13): every field, status, owner, internal notes, the message to the patient, its texts
 * (issue #27) and the history. Works with the keyboard alone: each action is a native form or button, and after an
 * action the focus goes to the status message that says what happened.
 */
import { Link } from 'wouter';
import { requestTypeLabels } from '../../../../shared/requests';
import { paths } from '../../../app/paths';
import { StaffTitle } from '../staff-context';
import { AssignForm } from './assign-form';
import { BookingPanel } from './booking-panel';
import { RequestFields, RequestHistory, RequestSummary } from './request-parts';
import { RequestTexts } from './request-texts';
import { StatusForm } from './status-form';
import { TextForm } from './text-form';
import { useRequest, type RequestAnswer, type RequestDetail } from './use-request';
import { PatientPanelSlot } from '../../../lib/patient-panel-slot';

export function RequestView({ id }: { id: number }) {
  const actions = useRequest(id);
  const { request } = actions;

  if (request.isPending)
    return (
      <>
        <StaffTitle title="Request" />
        <p role="status">Loading the request…</p>
      </>
    );
  if (request.isError)
    return (
      <>
        <StaffTitle title="Request" />
        <h1>Request</h1>
        <p role="alert">{request.error.message}</p>
        <p>
          <Link href={paths.staff()}>Back to the inbox</Link>
        </p>
      </>
    );

  const detail = request.data;
  const { row } = detail;
  return (
    <>
      <StaffTitle title={`${row.reference} · ${requestTypeLabels[row.type]}`} />
      <p>
        <Link href={paths.staff()}>← Inbox</Link>
      </p>
      <h1>
        {requestTypeLabels[row.type]} {row.reference}
      </h1>
      <RequestSummary detail={detail} />
      <PatientPanelSlot subject={{ requestId: id }} />
      <AnswerLine answer={actions.answer} />
      <div className="app-staff__request">
        <RequestFields detail={detail} />
        <RequestActions id={id} detail={detail} actions={actions} />
      </div>
      <RequestHistory events={detail.events} texts={actions.texts.data} />
    </>
  );
}

function AnswerLine({ answer }: { answer: RequestAnswer }) {
  const { error, notice, ref } = answer;
  return (
    <p
      ref={ref}
      tabIndex={-1}
      className={error ? 'app-staff__notice app-staff__notice--error' : 'app-staff__notice'}
      role={error ? 'alert' : 'status'}
    >
      {error ?? notice}
    </p>
  );
}

type Actions = ReturnType<typeof useRequest>;

function RequestActions({ id, detail, actions }: { id: number; detail: RequestDetail; actions: Actions }) {
  const { me, members, busy, claim, assign, setStatus, addNote, messagePatient, texts, stopTexts } = actions;
  const { row } = detail;
  return (
    <div className="app-staff__actions">
      <BookingPanel requestId={id} answer={actions.answer} />
      <section aria-labelledby="request-owner" className="app-staff__panel">
        <h2 id="request-owner">Owner</h2>
        {row.ownerId !== me.id ? (
          <button
            type="button"
            className="app-button app-button--primary"
            disabled={busy}
            onClick={() => claim.mutate({ id })}
          >
            Claim
          </button>
        ) : null}
        <AssignForm
          ownerId={row.ownerId}
          members={members}
          busy={busy}
          onAssign={(ownerId) => assign.mutateAsync({ id, ownerId })}
        />
      </section>

      <section aria-labelledby="request-status" className="app-staff__panel">
        <h2 id="request-status">Status</h2>
        {detail.nextStatuses.length === 0 ? (
          <p>This request is closed.</p>
        ) : (
          <StatusForm
            key={row.status}
            type={row.type}
            nextStatuses={detail.nextStatuses}
            busy={busy}
            onSubmit={(change) => setStatus.mutateAsync({ id, ...change })}
          />
        )}
      </section>

      <TextForm
        id="note"
        title="Internal note"
        hint="Only staff see notes. The patient never does."
        button="Add note"
        busy={busy}
        onSubmit={(body) => addNote.mutateAsync({ id, body })}
      />
      <TextForm
        id="patient-message"
        title="Message to the patient"
        hint="Sent to the patient now: by SMS or WhatsApp if they agreed to texts, else by e-mail. They also see it under My requests. A text can be read by anyone holding the phone: name no diagnosis."
        button="Send message"
        busy={busy}
        initial={detail.patientMessage ?? ''}
        onSubmit={(body) => messagePatient.mutateAsync({ id, body })}
      />
      <RequestTexts texts={texts.data} busy={busy} onStop={(channel) => stopTexts.mutate({ requestId: id, channel })} />
    </div>
  );
}
