import { ChatText } from '../../../components/chat-text';
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import type { AgentPresence, CannedReply, ChatMessage, ConversationSummary } from '../../../../shared/chat-events';
import { chatTexts } from '../../../../shared/chat-texts';
import { Icon } from '../../../components/icon';
import { followUpText, movedToWhatsAppText } from '../agent-texts';
import { ConversationActions, type RoomActions } from './conversation-actions';
import { StatusPill, UrgentTag } from '../conversation-tags';
import { ReplyForm } from './reply-form';
import { visitorLabel } from '../visitor-label';

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', minute: '2-digit', hour12: true });

type ViewProps = {
  conversation: ConversationSummary;
  messages: ChatMessage[];
  visitorTyping: boolean;
  meId: number | null;
  team: AgentPresence[];
  cannedReplies: CannedReply[];
  /** Opened in the narrow layout: the room's heading takes the focus (the list is hidden). */
  focusOnOpen: boolean;
  onBack: () => void;
  actions: RoomActions;
  onSend: (text: string) => Promise<boolean>;
  onTyping: (typing: boolean) => void;
};

/**
 * One conversation: who the visitor is (and how to follow up), its status, Join or Leave, assigning, the
 * transcript, the messages, the visitor's typing and the reply box.
 */
export function ConversationView(props: ViewProps) {
  const { conversation, messages, visitorTyping, meId, focusOnOpen, onBack, onSend, onTyping } = props;
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const joined = conversation.assignedAgent !== null && conversation.assignedAgent.id === meId;
  const facts = [
    conversation.followUpContact ? followUpText(conversation.followUpContact) : null,
    conversation.movedToWhatsAppAt ? movedToWhatsAppText(conversation.movedToWhatsAppAt) : null,
    conversation.rating !== null ? `Rated ${conversation.rating}/5` : null,
  ].filter((fact) => fact !== null);

  // Keyed by the conversation: this runs once per room opened.
  useEffect(() => {
    if (focusOnOpen) headingRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the room opens, not when the layout changes
  }, []);

  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, visitorTyping]);

  return (
    <section
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
          <StatusPill status={conversation.status} />
        </p>
        <p className="app-agent__meta">
          {conversation.visitorEmail ? `${conversation.visitorEmail} · ` : ''}
          {conversation.visitorOnline ? 'Online' : 'Away'}
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
          {messages.map((message) => (
            <li key={message.id} className={`app-chat-msg app-agent__message--${message.sender}`}>
              <span className="app-chat-msg__who">
                {message.sender === 'user'
                  ? visitorLabel(conversation)
                  : message.sender === 'bot'
                    ? chatTexts.bot
                    : (message.agentName ?? 'Agent')}
                {' · '}
                <time dateTime={message.createdAt}>{timeFormat.format(new Date(message.createdAt))}</time>
              </span>
              <p className="app-chat-msg__text">
                <ChatText text={message.message} sender={message.sender} />
              </p>
            </li>
          ))}
        </ol>
      </div>
      <p className="app-agent__typing" aria-live="polite">
        {visitorTyping ? `${visitorLabel(conversation)} is typing…` : ''}
      </p>
      <ReplyForm joined={joined} cannedReplies={props.cannedReplies} onSend={onSend} onTyping={onTyping} />
    </section>
  );
}
