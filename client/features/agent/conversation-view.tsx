import { useId, useLayoutEffect, useRef } from 'react';
import type { ChatMessage, ConversationSummary } from '../../../shared/chat-events';
import { chatTexts } from '../../../shared/chat-texts';
import { Icon } from '../../components/icon';
import { ReplyForm } from './reply-form';
import { visitorLabel } from './visitor-label';

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', minute: '2-digit', hour12: true });

type ViewProps = {
  conversation: ConversationSummary;
  messages: ChatMessage[];
  visitorTyping: boolean;
  meId: number | null;
  onBack: () => void;
  onJoin: () => void;
  onLeave: () => void;
  onSend: (text: string) => Promise<boolean>;
  onTyping: (typing: boolean) => void;
};

/** One conversation: who the visitor is, Join or Leave, the messages, the visitor's typing and the reply box. */
export function ConversationView(props: ViewProps) {
  const { conversation, messages, visitorTyping, meId, onBack, onJoin, onLeave, onSend, onTyping } = props;
  const headingId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const joined = conversation.assignedAgent?.id === meId;
  const heldByOther = conversation.assignedAgent !== null && !joined;

  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, visitorTyping]);

  return (
    <section className="app-agent__view" aria-labelledby={headingId}>
      <div className="app-agent__view-top">
        <button type="button" className="app-button app-button--ghost app-agent__back" onClick={onBack}>
          <Icon name="chevron-left" /> All conversations
        </button>
        <h2 id={headingId} className="app-agent__heading">
          {visitorLabel(conversation)}
        </h2>
        <p className="app-agent__meta">
          {conversation.visitorEmail ? `${conversation.visitorEmail} · ` : ''}
          {conversation.visitorOnline ? 'Online' : 'Away'}
          {conversation.currentPage ? ` · on ${conversation.currentPage}` : ''}
        </p>
        <div className="app-agent__actions">
          {joined ? (
            <button type="button" className="app-button app-button--secondary" onClick={onLeave}>
              Leave (hand back to the bot)
            </button>
          ) : (
            <button type="button" className="app-button app-button--primary" onClick={onJoin}>
              {heldByOther ? `Join (${conversation.assignedAgent!.name} has it)` : 'Join'}
            </button>
          )}
        </div>
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
            <li key={message.id} className={`app-chat-line app-chat-line--${message.sender}`}>
              <span className="app-chat-line__who">
                {message.sender === 'user'
                  ? visitorLabel(conversation)
                  : message.sender === 'bot'
                    ? chatTexts.bot
                    : (message.agentName ?? 'Agent')}
                {' · '}
                <time dateTime={message.createdAt}>{timeFormat.format(new Date(message.createdAt))}</time>
              </span>
              <p className="app-chat-line__text">{message.message}</p>
            </li>
          ))}
        </ol>
      </div>
      <p className="app-agent__typing" aria-live="polite">
        {visitorTyping ? `${visitorLabel(conversation)} is typing…` : ''}
      </p>
      <ReplyForm joined={joined} onSend={onSend} onTyping={onTyping} />
    </section>
  );
}
