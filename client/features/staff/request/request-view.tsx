/**
 * One request's page (issue #13): every field, status, owner, internal notes, the message to the patient, its texts
 * (issue #27) and the history. Works with the keyboard alone: each action is a native form or button, and after an
 * action the focus goes to the status message that says what happened. For the front desk (issue #29.5, #29.7):
 * '← Inbox' goes back to the inbox as it was filtered; j/k step to the next and previous request of that list, c
 * claims (asking before taking over from a colleague), 'Claim and next'; the call log; admins reopen closed requests;
 * it prints on one A4 page without the navigation and the forms.
 */
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { TAKE_OVER_QUESTION, requestTypeLabels } from '../../../../shared/requests';
import { paths } from '../../../app/paths';
import { KeyboardHelp, useDeskKeys } from '../desk-keys';
import { inboxNeighbours, lastInboxQuery } from '../inbox-filter';
import { StaffTitle } from '../staff-context';
import { AssignForm } from './assign-form';
import { CallLogForm } from './call-log-form';
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
  const [, navigate] = useLocation();
  const [help, setHelp] = useState(false);
  const [askingTakeOver, setAskingTakeOver] = useState(false);
  const inboxHref = `${paths.staff()}${lastInboxQuery()}`;
  const neighbours = inboxNeighbours(id);
  const row = request.data?.row;
  const colleague = row && row.ownerId !== null && row.ownerId !== actions.me.id ? row : null;
  const claim = (then?: () => void) => {
    if (!row) return;
    if (colleague && !askingTakeOver) return setAskingTakeOver(true);
    actions.claim.mutate(
      { id, takeOverFrom: colleague?.ownerId ?? null },
      {
        onSuccess: () => {
          setAskingTakeOver(false);
          then?.();
        },
      },
    );
  };
  const goNext = () => navigate(neighbours.next ? paths.staffRequest(neighbours.next) : inboxHref);
  useDeskKeys({
    j: () => (neighbours.next ? navigate(paths.staffRequest(neighbours.next)) : undefined),
    k: () => (neighbours.previous ? navigate(paths.staffRequest(neighbours.previous)) : undefined),
    c: () => (row && row.ownerId !== actions.me.id ? claim() : undefined),
    '?': () => setHelp(true),
  });

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
  const shown = detail.row;
  return (
    <>
      <StaffTitle title={`${shown.reference} · ${requestTypeLabels[shown.type]}`} />
      <p className="app-staff__request-nav app-staff__no-print">
        <Link href={inboxHref}>← Inbox</Link>
        {neighbours.previous ? <Link href={paths.staffRequest(neighbours.previous)}>Previous request</Link> : null}
        {neighbours.next ? <Link href={paths.staffRequest(neighbours.next)}>Next request</Link> : null}
        <button type="button" className="app-button app-button--ghost" onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className="app-button app-button--ghost" onClick={() => setHelp(true)}>
          Keyboard shortcuts
        </button>
      </p>
      <h1>
        {requestTypeLabels[shown.type]} {shown.reference}
      </h1>
      <RequestSummary detail={detail} />
      <PatientPanelSlot subject={{ requestId: id }} />
      <AnswerLine answer={actions.answer} />
      <div className="app-staff__request">
        <RequestFields detail={detail} />
        <RequestActions
          id={id}
          detail={detail}
          actions={actions}
          owner={{
            colleagueName: colleague?.ownerName ?? null,
            askingTakeOver,
            onClaim: () => claim(),
            onKeep: () => setAskingTakeOver(false),
            onClaimAndNext: () => (shown.ownerId === actions.me.id ? goNext() : claim(goNext)),
          }}
        />
      </div>
      <RequestHistory events={detail.events} texts={actions.texts.data} calls={detail.calls} />
      <KeyboardHelp open={help} onClose={() => setHelp(false)} />
    </>
  );
}

type OwnerControls = {
  colleagueName: string | null;
  askingTakeOver: boolean;
  onClaim: () => void;
  onKeep: () => void;
  onClaimAndNext: () => void;
};

/** Claim, or take over from a colleague after 'Take over from <colleague>?'; and 'Claim and next'. */
function ClaimControls({ mine, busy, owner }: { mine: boolean; busy: boolean; owner: OwnerControls }) {
  if (owner.askingTakeOver && owner.colleagueName)
    return (
      <div className="app-staff__confirm" role="group" aria-labelledby="take-over-question">
        <p id="take-over-question" className="app-staff__question">
          {TAKE_OVER_QUESTION(owner.colleagueName)} They will be told.
        </p>
        <button type="button" className="app-button app-button--primary" disabled={busy} onClick={owner.onClaim}>
          Yes, take over
        </button>{' '}
        <button type="button" className="app-button app-button--ghost" onClick={owner.onKeep}>
          Leave it with {owner.colleagueName}
        </button>
      </div>
    );
  return (
    <p className="app-staff__claim">
      {mine ? null : (
        <button type="button" className="app-button app-button--primary" disabled={busy} onClick={owner.onClaim}>
          {owner.colleagueName ? 'Take over' : 'Claim'}
        </button>
      )}{' '}
      <button type="button" className="app-button app-button--secondary" disabled={busy} onClick={owner.onClaimAndNext}>
        {mine ? 'Next request' : 'Claim and next'}
      </button>
    </p>
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

function RequestActions({
  id,
  detail,
  actions,
  owner,
}: {
  id: number;
  detail: RequestDetail;
  actions: Actions;
  owner: OwnerControls;
}) {
  const { me, members, busy, assign, setStatus, addNote, messagePatient, texts, stopTexts, reopen, logCall } = actions;
  const { row } = detail;
  return (
    <div className="app-staff__actions app-staff__no-print">
      <BookingPanel requestId={id} answer={actions.answer} />
      <section aria-labelledby="request-owner" className="app-staff__panel">
        <h2 id="request-owner">Owner</h2>
        <ClaimControls mine={row.ownerId === me.id} busy={busy} owner={owner} />
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
          <>
            <p>This request is closed.</p>
            {me.role === 'admin' ? (
              <button
                type="button"
                className="app-button app-button--secondary"
                disabled={busy}
                onClick={() => reopen.mutate({ id })}
              >
                Reopen request
              </button>
            ) : null}
          </>
        ) : (
          <StatusForm
            key={row.status}
            type={row.type}
            reference={row.reference}
            nextStatuses={detail.nextStatuses}
            preferred={detail.preferred}
            busy={busy}
            onSubmit={(change) => setStatus.mutateAsync({ id, ...change })}
          />
        )}
      </section>
      <CallLogForm busy={busy} onLog={(entry) => logCall.mutateAsync({ id, ...entry })} />

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
