/**
 * The open conversation's actions (issue #13): one request at a time, each answer said in the room, a line about who
 * holds the room kept only while they do, and the focus brought back when the button used goes away.
 */
import { useEffect, useRef, useState } from 'react';
import {
  CONVERSATION_STATUS_LABELS,
  type AgentPresence,
  type ConversationStatus,
  type ConversationSummary,
} from '../../../../shared/chat-events';
import type { AskResult } from '../agent-connection';

/** What the open conversation's buttons ask the server; each resolves with the server's answer. */
export type RoomActions = {
  join: () => Promise<AskResult<'room:join'>>;
  leave: () => Promise<AskResult<'room:leave'>>;
  assign: (agentId: number) => Promise<AskResult<'room:assign'>>;
  setStatus: (status: ConversationStatus) => Promise<AskResult<'conversation:status'>>;
  requestTransfer: () => Promise<AskResult<'transfer:request'>>;
  emailTranscript: () => Promise<AskResult<'transcript:email'>>;
};

/** `heldBy`: a line about who holds the room, true only while that colleague still does. */
type Feedback = { tone: 'status' | 'alert'; text: string; heldBy?: number } | null;

export function useConversationActions(
  conversation: ConversationSummary,
  meId: number | null,
  team: AgentPresence[],
  actions: RoomActions,
) {
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [holder, setHolder] = useState<{ id: number; name: string } | null>(null);
  const busyRef = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const refocusRef = useRef(false);
  const [choice, setChoice] = useState(() => (conversation.assignedAgent ? String(conversation.assignedAgent.id) : ''));
  const joined = conversation.assignedAgent !== null && conversation.assignedAgent.id === meId;
  // Once the room changes hands (the transfer is done), what was said about the holder no longer holds.
  const holderId = conversation.assignedAgent?.id;
  const shown = feedback && (feedback.heldBy === undefined || feedback.heldBy === holderId) ? feedback : null;
  const askable = holder && holder.id === holderId ? holder : null;
  const heldByOther = conversation.assignedAgent !== null && !joined;
  const { status } = conversation;

  // A button that goes away with its answer ('Resolve' once resolved, 'Ask to transfer' once asked) takes the
  // focus with it: it comes back to the first action, so keyboard users are not sent to the top of the page.
  useEffect(() => {
    if (!refocusRef.current) return;
    refocusRef.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) rootRef.current?.querySelector<HTMLElement>('button')?.focus();
  });

  /** Runs one request at a time and says how it went. */
  const run = async <R extends { ok: true } | { ok: false; error: { message: string } }>(
    request: () => Promise<R>,
    /** The line to say, or null when `success` said it itself. */
    success: (result: Extract<R, { ok: true }>) => string | null,
    failure?: (result: Extract<R, { ok: false }>) => boolean,
  ) => {
    if (busyRef.current) return;
    busyRef.current = true;
    const result = await request();
    busyRef.current = false;
    refocusRef.current = true;
    if (result.ok) {
      const text = success(result as Extract<R, { ok: true }>);
      if (text !== null) setFeedback({ tone: 'status', text });
      return;
    }
    const error = result as Extract<R, { ok: false }>;
    if (failure?.(error)) return;
    setFeedback({ tone: 'alert', text: error.error.message });
  };

  const join = () =>
    run(
      actions.join,
      () => {
        setHolder(null);
        return 'You joined the conversation.';
      },
      (result) => {
        if (result.error.code !== 'ALREADY_CLAIMED' || !result.error.holder) return false;
        const claimedBy = result.error.holder;
        setHolder(claimedBy);
        setFeedback({ tone: 'alert', text: `${claimedBy.name} has this conversation.`, heldBy: claimedBy.id });
        return true;
      },
    );

  const askTransfer = (claimedBy: { id: number; name: string }) =>
    run(actions.requestTransfer, () => {
      setHolder(null);
      setFeedback({ tone: 'status', text: `Asked ${claimedBy.name} to transfer it to you.`, heldBy: claimedBy.id });
      return null;
    });

  const assign = () => {
    const member = team.find((item) => String(item.id) === choice);
    if (!member) return setFeedback({ tone: 'alert', text: 'Choose a colleague to assign the conversation to.' });
    void run(
      () => actions.assign(member.id),
      () => (member.id === meId ? 'Assigned to you.' : `Assigned to ${member.name}.`),
    );
  };

  const setStatus = (next: ConversationStatus) =>
    run(
      () => actions.setStatus(next),
      () => `Conversation marked ${CONVERSATION_STATUS_LABELS[next].toLowerCase()}.`,
    );

  const leave = () => run(actions.leave, () => 'You left. The bot answers for now.');
  const emailTranscript = () => run(actions.emailTranscript, (result) => `Transcript sent to ${result.sentTo}`);
  return {
    rootRef,
    joined,
    heldByOther,
    status,
    shown,
    askable,
    choice,
    setChoice,
    join,
    leave,
    askTransfer,
    assign,
    setStatus,
    emailTranscript,
  };
}
