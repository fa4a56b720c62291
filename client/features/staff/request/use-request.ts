/**
 * One request's data and actions (issue #13): the request, its texts (issue #27), the staff to assign to, and the six
 * actions. Each answer says what happened in one line and moves the focus there (the control used may have gone);
 * live changes to this request reload it.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { textChannelLabels } from '../../../../shared/messaging/staff-messages';
import { requestStatusLabels } from '../../../../shared/requests';
import { trpc } from '../../../lib/trpc';
import { backgroundQuery } from '../../../lib/trpc-provider';
import { deliveryText } from '../messages/message-text';
import { useStaff } from '../staff-context';

const TEXTS_POLL_MS = 15_000;
const mayStillChange = (text: { status: string }) => text.status === 'queued' || text.status === 'sent';

type FieldErrors = Record<string, string[] | undefined>;
type Caught = { message: string; data?: { fieldErrors?: FieldErrors | null; code?: string } | null };

export function useRequest(id: number) {
  const utils = trpc.useUtils();
  const { me, listen } = useStaff();
  const enabled = Number.isInteger(id) && id > 0;
  const request = trpc.staff.request.useQuery({ id }, { enabled });
  const texts = trpc.staff.messages.forRequest.useQuery(
    { id },
    {
      enabled,
      // Receipts come to the webhooks, not to this page: while a text may still change, look again now and then, as
      // a background request that does not keep the session alive.
      refetchInterval: (query) => (query.state.data?.messages.some(mayStillChange) ? TEXTS_POLL_MS : false),
      ...backgroundQuery,
    },
  );
  const members = trpc.staff.members.useQuery();
  const answer = useAnswer();

  useEffect(
    () =>
      listen({
        onChanged: (row) => {
          if (row.id !== id) return;
          void utils.staff.request.invalidate({ id });
          void utils.staff.messages.forRequest.invalidate({ id });
        },
      }),
    [listen, id, utils],
  );

  const done = (message: string) => {
    answer.say(message);
    void utils.staff.request.invalidate({ id });
    // A confirmation, a cancellation and staff's message each queue a text.
    void utils.staff.messages.forRequest.invalidate({ id });
    void utils.staff.messages.list.invalidate();
    void utils.staff.inbox.invalidate();
  };
  const onError = (caught: Caught) => {
    // Field errors are the form's to show, in its summary and at its fields; this line says only what no field can.
    if (Object.keys(caught.data?.fieldErrors ?? {}).length) answer.clear();
    else answer.fail(caught.message);
    if (caught.data?.code === 'CONFLICT') void utils.staff.request.invalidate({ id });
  };
  const claim = trpc.staff.claim.useMutation({ onError, onSuccess: () => done('You own this request now.') });
  const reopen = trpc.staff.reopen.useMutation({
    onError,
    onSuccess: () => done('Reopened: the request is In progress.'),
  });
  const logCall = trpc.staff.logCall.useMutation({ onError, onSuccess: () => done('Call logged.') });
  const assign = trpc.staff.assign.useMutation({
    onError,
    onSuccess: (row) => done(row.ownerName ? `Assigned to ${row.ownerName}.` : 'The request is unassigned.'),
  });
  const setStatus = trpc.staff.setStatus.useMutation({
    onError,
    onSuccess: (row) => done(`Status changed to ${requestStatusLabels[row.status]}.`),
  });
  const addNote = trpc.staff.addNote.useMutation({ onError, onSuccess: () => done('Note added.') });
  const messagePatient = trpc.staff.messagePatient.useMutation({
    onError,
    onSuccess: (row) =>
      done(`Message saved. The patient sees it under My requests. ${deliveryText(row.delivery, Date.now())}.`),
  });
  const stopTexts = trpc.staff.messages.withdrawConsent.useMutation({
    onError,
    onSuccess: (_texts, input) => done(`${textChannelLabels[input.channel]} texts to this number are stopped.`),
  });

  const busy =
    claim.isPending ||
    reopen.isPending ||
    logCall.isPending ||
    assign.isPending ||
    setStatus.isPending ||
    addNote.isPending ||
    messagePatient.isPending ||
    stopTexts.isPending;
  return {
    me,
    request,
    texts,
    members: members.data ?? [],
    answer,
    busy,
    claim,
    reopen,
    logCall,
    assign,
    setStatus,
    addNote,
    messagePatient,
    stopTexts,
  };
}

/** The line that says what the last action did: a status, or an alert with the error; focused on each answer. */
function useAnswer() {
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLParagraphElement>(null);
  const [answers, setAnswers] = useState(0);
  useLayoutEffect(() => {
    if (answers) ref.current?.focus();
  }, [answers]);
  const say = (message: string) => {
    setError(null);
    setNotice(message);
    setAnswers((count) => count + 1);
  };
  const fail = (message: string) => {
    setNotice('');
    setError(message);
    setAnswers((count) => count + 1);
  };
  const clear = () => {
    setNotice('');
    setError(null);
  };
  return { notice, error, ref, say, fail, clear };
}

export type RequestAnswer = ReturnType<typeof useAnswer>;
export type RequestDetail = NonNullable<ReturnType<typeof useRequest>['request']['data']>;
export type RequestTextsView = NonNullable<ReturnType<typeof useRequest>['texts']['data']>;
