import { ChatText } from '../../../components/chat-text';
import { AttachmentView } from '../attachment-view';
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import type {
  AgentPresence,
  CannedReply,
  ChatMessage,
  ChatNote,
  ConversationSummary,
} from '../../../../shared/chat-events';
import { chatTexts } from '../../../../shared/chat-texts';
import { Icon } from '../../../components/icon';
import { PatientPanelSlot } from '../../../lib/patient-panel-slot';
import { followUpText, movedToWhatsAppText, ratingText } from '../agent-texts';
import type { AskResult } from '../agent-connection';
import { ContactForm } from './contact-form';
import { NoteForm } from './note-form';
import { useFitToViewport } from './use-fit-to-viewport';
import { ConversationActions, type RoomActions } from './conversation-actions';
import { StatusPill, UrgentTag, WhatsAppTag } from '../conversation-tags';
import { TemplateForm, WhatsAppWindowNote, useWhatsAppWindow } from './whatsapp-composer';
import { whatsAppDeskTexts } from '../../../../shared/messaging/whatsapp-desk';
import { ReplyForm } from './reply-form';
import { visitorLabel } from '../visitor-label';

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', minute: '2-digit', hour12: true });

type ViewProps = {
  conversation: ConversationSummary;
  messages: ChatMessage[];
  notes: ChatNote[];
  visitorTyping: boolean;
  meId: number | null;
  team: AgentPresence[];
  cannedReplies: CannedReply[];
  /** Opened in the narrow layout: the room's heading takes the focus (the list is hidden). */
  focusOnOpen: boolean;
  onBack: () => void;
  actions: RoomActions;
  onSend: (text: string) => Promise<boolean>;
  /** WhatsApp after the window: sends an approved template (issue #30). */
  onTemplate: (template: string) => Promise<boolean>;
  onTyping: (typing: boolean) => void;
  onNote: (body: string) => Promise<AskResult<'note:add'>>;
  onContact: (contact: { name: string; email: string; phone: string }) => Promise<AskResult<'contact:update'>>;
};

/** The log's lines: the conversation's messages and its private notes, in time order. */
type LogLine = { kind: 'message'; message: ChatMessage } | { kind: 'note'; note: ChatNote };
const logLines = (messages: ChatMessage[], notes: ChatNote[]): LogLine[] =>
  [
    ...messages.map((message) => ({ kind: 'message' as const, message, at: message.createdAt })),
    ...notes.map((note) => ({ kind: 'note' as const, note, at: note.createdAt })),
  ]
    .sort((a, b) => a.at.localeCompare(b.at))
    .map(({ at: _at, ...line }) => line);

/**
 * One conversation: who the visitor is (and how to follow up), its status, Join or Leave, assigning, the
 * transcript, the messages with the staff's private notes, the visitor's typing and the reply box; beside it, the
 * patient panel. The room fits the window, so the log scrolls and the reply box stays in view (issue #29.3).
 */
export function ConversationView(props: ViewProps) {
  const { conversation, messages, notes, visitorTyping, meId, focusOnOpen, onBack, onSend, onTyping } = props;
  const viewRef = useRef<HTMLElement>(null);
  useFitToViewport(viewRef);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const joined = conversation.assignedAgent !== null && conversation.assignedAgent.id === meId;
  const windowLeft = useWhatsAppWindow(conversation);
  const facts = [
    conversation.followUpContact ? followUpText(conversation.followUpContact) : null,
    conversation.whatsApp?.joinedAt
      ? `${whatsAppDeskTexts.movedToWhatsApp}: this chat continues on WhatsApp`
      : conversation.movedToWhatsAppAt
        ? movedToWhatsAppText(conversation.movedToWhatsAppAt)
        : null,
    conversation.rating !== null ? ratingText(conversation.rating, conversation.ratingComment) : null,
  ].filter((fact) => fact !== null);

  // Keyed by the conversation: this runs once per room opened.
  useEffect(() => {
    // The room is scrolled to the top of the window (useFitToViewport), not just enough to show the heading.
    if (focusOnOpen) headingRef.current?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the room opens, not when the layout changes
  }, []);

  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, notes.length, visitorTyping]);

  return (
    <div className="app-agent__room">
      <section
        ref={viewRef}
        className={`app-agent__view${conversation.urgent ? ' app-agent__view--urgent' : ''}`}
        aria-labelledby={headingId}
      >
        <div className="app-agent__view-top">
          <button type="button" className="app-button app-button--ghost app-agent__back" onClick={onBack}>
            <Icon name="chevron-left" /> All conversations
          </button>
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="app-agent__heading">
            {visitorLabel(conversation)}
          </h2>
          <p className="app-agent__tags">
            {conversation.urgent ? <UrgentTag /> : null}
            {conversation.channel === 'whatsapp' ? <WhatsAppTag /> : null}
            <StatusPill status={conversation.status} />
          </p>
          <p className="app-agent__meta">
            {conversation.visitorEmail ? `${conversation.visitorEmail} · ` : ''}
            {conversation.channel === 'whatsapp'
              ? `On WhatsApp${conversation.contact.phone ? ` (${conversation.contact.phone})` : ''}`
              : conversation.visitorOnline
                ? 'Online'
                : 'Away'}
            {conversation.currentPage ? ` · on ${conversation.currentPage}` : ''}
          </p>
          {facts.length ? (
            <ul className="app-agent__facts">
              {facts.map((fact) => (
                <li key={fact}>{fact}</li>
              ))}
            </ul>
          ) : null}
          <ConversationActions conversation={conversation} meId={meId} team={props.team} actions={props.actions} />
          <details className="app-agent__details">
            <summary className="app-agent__details-summary">Contact details</summary>
            <ContactForm conversation={conversation} onSave={props.onContact} />
          </details>
        </div>
        <div
          ref={logRef}
          className="app-agent__log"
          role="log"
          aria-label={`Messages with ${visitorLabel(conversation)}`}
          // A scrollable log must take focus so keyboard users can scroll it (axe: scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
          tabIndex={0}
        >
          <ol className="app-agent__messages">
            {logLines(messages, notes).map((line) =>
              line.kind === 'note' ? (
                <li key={`note-${line.note.id}`} className="app-chat-msg app-agent__message--note">
                  <span className="app-chat-msg__who">
                    Private note · {line.note.agentName ?? 'Staff'}
                    {' · '}
                    <time dateTime={line.note.createdAt}>{timeFormat.format(new Date(line.note.createdAt))}</time>
                  </span>
                  <p className="app-chat-msg__text">
                    <ChatText text={line.note.body} sender="agent" />
                  </p>
                </li>
              ) : (
                <MessageLine key={line.message.id} message={line.message} conversation={conversation} />
              ),
            )}
          </ol>
        </div>
        <p className="app-agent__typing" aria-live="polite">
          {visitorTyping ? `${visitorLabel(conversation)} is typing…` : ''}
        </p>
        <div className="app-agent__composer">
          {windowLeft !== null ? <WhatsAppWindowNote left={windowLeft} /> : null}
          {windowLeft === 0 ? (
            <TemplateForm joined={joined} onTemplate={props.onTemplate} />
          ) : (
            <ReplyForm joined={joined} cannedReplies={props.cannedReplies} onSend={onSend} onTyping={onTyping} />
          )}
          <details className="app-agent__details">
            <summary className="app-agent__details-summary">Add a private note</summary>
            <NoteForm conversationId={conversation.id} onSave={props.onNote} />
          </details>
        </div>
      </section>
      <PatientPanelSlot
        subject={{ conversationId: conversation.id }}
        version={`${conversation.contact.name}|${conversation.contact.email}|${conversation.contact.phone}`}
      />
    </div>
  );
}

function MessageLine({ message, conversation }: { message: ChatMessage; conversation: ConversationSummary }) {
  return (
    <li className={`app-chat-msg app-agent__message--${message.sender}`}>
      <span className="app-chat-msg__who">
        {message.sender === 'user'
          ? visitorLabel(conversation)
          : message.sender === 'bot'
            ? chatTexts.bot
            : (message.agentName ?? 'Agent')}
        {' · '}
        <time dateTime={message.createdAt}>{timeFormat.format(new Date(message.createdAt))}</time>
        {message.delivery && message.sender !== 'user' ? (
          <span className="app-agent__delivery"> · {whatsAppDeskTexts.delivery[deliveryKey(message.delivery)]}</span>
        ) : null}
      </span>
      {message.message || !message.attachment ? (
        <p className="app-chat-msg__text">
          <ChatText text={message.message} sender={message.sender} />
        </p>
      ) : null}
      {message.attachment ? <AttachmentView attachment={message.attachment} /> : null}
    </li>
  );
}

/** A cancelled text (the patient said STOP) reads as not delivered. */
const deliveryKey = (delivery: NonNullable<ChatMessage['delivery']>) =>
  delivery === 'cancelled' ? 'failed' : delivery;
