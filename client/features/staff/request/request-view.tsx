/**
 * One request's page (issue #13): every field, status, owner, internal notes, the message to the patient and the
 * history. Works with the keyboard alone: each action is a native form or button, and after an action the focus
 * goes to the status message that says what happened.
 */
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { formatLagosDateTime } from '../../../../shared/lagos-date';
import {
  STAFF_NOTE_MAX,
  requestStatusLabels,
  requestTypeLabels,
  type RequestStatus,
} from '../../../../shared/requests';
import { paths } from '../../../app/paths';
import { formValue } from '../../../components/form/form-value';
import { trpc } from '../../../lib/trpc';
import { formatLagosInstant } from '../inbox-filter';
import { describeRequestEvent } from './request-event-text';
import { StaffInput } from '../staff-input';
import { StaffTitle, useStaff } from '../staff-context';

type FieldErrors = Record<string, string[] | undefined>;
type ActionError = { message: string; fieldErrors: FieldErrors };

const actionButtonLabel: Record<RequestStatus, string> = {
  new: 'Mark as New',
  in_progress: 'Mark In progress',
  confirmed: 'Confirm',
  done: 'Mark Done',
  cancelled: 'Cancel request',
};

type SubmissionField = { label: string; value: string | null; kind: 'email' | 'phone' | 'text' };

/**
 * A field's value; the e-mail and the phone are links (issue #23.4): mailto:, tel: with the number in E.164, and
 * WhatsApp (wa.me takes the digits only) when the number can be a mobile. A phone with no E.164 form stays text.
 */
function FieldValue({
  field,
  phoneE164,
  phoneMobile,
}: {
  field: SubmissionField;
  phoneE164: string | null;
  phoneMobile: boolean;
}) {
  if (field.value === null) return <span className="app-staff__empty">Not given</span>;
  if (field.kind === 'email') return <a href={`mailto:${field.value}`}>{field.value}</a>;
  if (field.kind === 'phone' && phoneE164)
    return (
      <>
        <a href={`tel:${phoneE164}`}>{field.value}</a>
        {phoneMobile ? (
          <>
            {' · '}
            <a href={`https://wa.me/${phoneE164.replace(/\D/g, '')}`}>WhatsApp</a>
          </>
        ) : null}
      </>
    );
  return <>{field.value}</>;
}

export function RequestView({ id }: { id: number }) {
  const utils = trpc.useUtils();
  const { me, listen } = useStaff();
  const request = trpc.staff.request.useQuery({ id }, { enabled: Number.isInteger(id) && id > 0 });
  const members = trpc.staff.members.useQuery();
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<ActionError | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // Each answer moves the focus to the line that says what happened (the control used may have gone).
  const [answers, setAnswers] = useState(0);
  useLayoutEffect(() => {
    if (answers) noticeRef.current?.focus();
  }, [answers]);

  useEffect(
    () =>
      listen({
        onChanged: (row) => {
          if (row.id === id) void utils.staff.request.invalidate({ id });
        },
      }),
    [listen, id, utils],
  );

  const done = (message: string) => {
    setError(null);
    setNotice(message);
    void utils.staff.request.invalidate({ id });
    void utils.staff.inbox.invalidate();
    setAnswers((count) => count + 1);
  };
  const failed = (caught: { message: string; data?: { fieldErrors?: FieldErrors | null; code?: string } | null }) => {
    setNotice('');
    setError({ message: caught.message, fieldErrors: caught.data?.fieldErrors ?? {} });
    if (caught.data?.code === 'CONFLICT') void utils.staff.request.invalidate({ id });
    setAnswers((count) => count + 1);
  };
  const handlers = { onError: failed };
  const claim = trpc.staff.claim.useMutation({ ...handlers, onSuccess: () => done('You own this request now.') });
  const assign = trpc.staff.assign.useMutation({
    ...handlers,
    onSuccess: (row) => done(row.ownerName ? `Assigned to ${row.ownerName}.` : 'The request is unassigned.'),
  });
  const setStatus = trpc.staff.setStatus.useMutation({
    ...handlers,
    onSuccess: (row) => done(`Status changed to ${requestStatusLabels[row.status]}.`),
  });
  const addNote = trpc.staff.addNote.useMutation({ ...handlers, onSuccess: () => done('Note added.') });
  const messagePatient = trpc.staff.messagePatient.useMutation({
    ...handlers,
    onSuccess: () => done('Message saved. The patient sees it under My requests.'),
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
  const { row } = detail;
  const busy =
    claim.isPending || assign.isPending || setStatus.isPending || addNote.isPending || messagePatient.isPending;
  const fieldError = (name: string) => error?.fieldErrors[name]?.[0];

  return (
    <>
      <StaffTitle title={`${row.reference} · ${requestTypeLabels[row.type]}`} />
      <p>
        <Link href={paths.staff()}>← Inbox</Link>
      </p>
      <h1>
        {requestTypeLabels[row.type]} {row.reference}
      </h1>
      <p className="app-staff__summary">
        <span className={`app-staff__status app-staff__status--${row.status}`}>{requestStatusLabels[row.status]}</span>{' '}
        · Owner: {row.ownerName ?? 'Unassigned'} · Received {formatLagosInstant(row.createdAt)} (Lagos time)
        {detail.confirmedFor ? <> · Confirmed for {formatLagosDateTime(detail.confirmedFor)}</> : null}
      </p>
      <p
        ref={noticeRef}
        tabIndex={-1}
        className={error ? 'app-staff__notice app-staff__notice--error' : 'app-staff__notice'}
        role={error ? 'alert' : 'status'}
      >
        {error ? error.message : notice}
      </p>

      <div className="app-staff__request">
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

        <div className="app-staff__actions">
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
            <form
              className="app-staff__inline-form"
              onSubmit={(event) => {
                event.preventDefault();
                const value = formValue(event.currentTarget, 'ownerId');
                assign.mutate({ id, ownerId: value ? Number(value) : null });
              }}
            >
              <div className="app-field">
                <label className="app-field__label" htmlFor="assign-owner">
                  Assign to
                </label>
                <select
                  id="assign-owner"
                  name="ownerId"
                  className="app-field__control"
                  defaultValue={row.ownerId ?? ''}
                  key={`${row.ownerId ?? 'none'}-${members.data?.length ?? 0}`}
                >
                  <option value="">Unassigned</option>
                  {(members.data ?? []).map((member) => (
                    <option key={member.id} value={member.id}>
                      {member.fullName}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="app-button app-button--secondary" disabled={busy}>
                Assign
              </button>
            </form>
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
                fieldError={fieldError}
                onSubmit={(change) => setStatus.mutate({ id, ...change })}
              />
            )}
          </section>

          <TextForm
            id="note"
            title="Internal note"
            hint="Only staff see notes. The patient never does."
            button="Add note"
            busy={busy}
            error={fieldError('body') && addNote.isError ? fieldError('body') : undefined}
            onSubmit={(body) =>
              addNote.mutateAsync({ id, body }).then(
                () => true,
                () => false,
              )
            }
          />
          <TextForm
            id="patient-message"
            title="Message to the patient"
            hint="The patient sees this under My requests when they log in; it is also in the email sent when you confirm or cancel."
            button="Save message"
            busy={busy}
            initial={detail.patientMessage ?? ''}
            error={fieldError('body') && messagePatient.isError ? fieldError('body') : undefined}
            onSubmit={(body) =>
              messagePatient.mutateAsync({ id, body }).then(
                () => true,
                () => false,
              )
            }
          />
        </div>
      </div>

      <section aria-labelledby="request-history" className="app-staff__panel">
        <h2 id="request-history">History</h2>
        <ol className="app-staff__history">
          {detail.events.map((event) => (
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
    </>
  );
}

type StatusChange = {
  status: RequestStatus;
  confirmedDate?: string;
  confirmedTime?: string;
  reason?: string;
  message?: string;
};

function StatusForm({
  type,
  nextStatuses,
  busy,
  fieldError,
  onSubmit,
}: {
  type: string;
  nextStatuses: readonly RequestStatus[];
  busy: boolean;
  fieldError: (name: string) => string | undefined;
  onSubmit: (change: StatusChange) => void;
}) {
  const [status, setStatus] = useState<RequestStatus>(nextStatuses[0]!);
  const needsDate = status === 'confirmed' && type === 'appointment';
  const needsReason = status === 'cancelled';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const text = (name: string) => formValue(form, name).trim() || undefined;
    onSubmit({
      status,
      confirmedDate: needsDate ? text('confirmedDate') : undefined,
      confirmedTime: needsDate ? text('confirmedTime') : undefined,
      reason: needsReason ? text('reason') : undefined,
      message: text('message'),
    });
  };
  const errorId = (name: string) => (fieldError(name) ? `status-${name}-error` : undefined);
  return (
    <form onSubmit={submit} className="app-staff__status-form">
      <fieldset className="app-staff__choices">
        <legend className="app-field__label">Change status to</legend>
        {nextStatuses.map((next) => (
          <label key={next} className="app-field__radio">
            <input type="radio" name="status" value={next} checked={status === next} onChange={() => setStatus(next)} />{' '}
            {requestStatusLabels[next]}
          </label>
        ))}
      </fieldset>
      {needsDate ? (
        <div className="app-form__row">
          <StaffInput
            id="status-confirmedDate"
            name="confirmedDate"
            label="Confirmed date"
            type="date"
            required
            error={fieldError('confirmedDate')}
          />
          <StaffInput
            id="status-confirmedTime"
            name="confirmedTime"
            label="Confirmed time (Lagos)"
            type="time"
            required
            error={fieldError('confirmedTime')}
          />
        </div>
      ) : null}
      {needsReason ? (
        <div className="app-field">
          <label className="app-field__label" htmlFor="status-reason">
            Reason for cancelling
          </label>
          {fieldError('reason') ? (
            <p id="status-reason-error" className="app-field__error">
              {fieldError('reason')}
            </p>
          ) : null}
          <textarea
            id="status-reason"
            name="reason"
            className="app-field__control"
            required
            maxLength={1000}
            rows={2}
            aria-describedby={errorId('reason')}
            aria-invalid={fieldError('reason') ? true : undefined}
          />
        </div>
      ) : null}
      <div className="app-field">
        <label className="app-field__label" htmlFor="status-message">
          Message to the patient <span className="app-field__optional">(optional)</span>
        </label>
        <p id="status-message-hint" className="app-field__hint">
          {status === 'confirmed' || status === 'cancelled'
            ? 'Sent in the email and shown under My requests.'
            : 'Shown under My requests.'}
        </p>
        <textarea
          id="status-message"
          name="message"
          className="app-field__control"
          maxLength={STAFF_NOTE_MAX}
          rows={2}
          aria-describedby="status-message-hint"
        />
      </div>
      <button type="submit" className="app-button app-button--primary" disabled={busy}>
        {actionButtonLabel[status]}
      </button>
    </form>
  );
}

function TextForm({
  id,
  title,
  hint,
  button,
  busy,
  initial = '',
  error,
  onSubmit,
}: {
  id: string;
  title: string;
  hint: string;
  button: string;
  busy: boolean;
  initial?: string;
  error?: string;
  onSubmit: (body: string) => Promise<boolean>;
}) {
  const [value, setValue] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit(value).then((ok) => {
      if (ok && !initial) setValue('');
    });
  };
  return (
    <section aria-labelledby={`${id}-title`} className="app-staff__panel">
      <h2 id={`${id}-title`}>{title}</h2>
      <form onSubmit={submit}>
        <div className="app-field">
          <label className="app-field__label" htmlFor={`${id}-body`}>
            {title}
          </label>
          <p id={`${id}-hint`} className="app-field__hint">
            {hint}
          </p>
          {error ? (
            <p id={`${id}-error`} className="app-field__error">
              {error}
            </p>
          ) : null}
          <textarea
            id={`${id}-body`}
            name="body"
            className="app-field__control"
            rows={3}
            maxLength={STAFF_NOTE_MAX}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            required
          />
        </div>
        <button type="submit" className="app-button app-button--secondary" disabled={busy}>
          {button}
        </button>
      </form>
    </section>
  );
}
