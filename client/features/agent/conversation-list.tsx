import { useId } from 'react';
import type { ChatMessage, ConversationSummary } from '../../../shared/chat-events';
import { visitorLabel } from './visitor-label';

function waitingText(since: string | null, now: number): string | null {
  if (!since) return null;
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 1) return 'Waiting less than a minute';
  if (minutes < 60) return `Waiting ${minutes} min`;
  return `Waiting ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

type ListProps = {
  conversations: ConversationSummary[];
  selectedId: number | null;
  typing: number[];
  now: number;
  meId: number | null;
  onOpen: (id: number) => void;
};

export function ConversationList({ conversations, selectedId, typing, now, meId, onOpen }: ListProps) {
  const headingId = useId();
  return (
    <nav className="app-agent__list" aria-labelledby={headingId}>
      <h2 id={headingId} className="app-agent__heading">
        Conversations ({conversations.length})
      </h2>
      {conversations.length === 0 ? <p>No conversations yet. New ones appear here as visitors write.</p> : null}
      <ul className="app-agent__items">
        {conversations.map((item) => {
          const waiting = waitingText(item.waitingSince, now);
          return (
            <li key={item.id}>
              <button
                type="button"
                className={`app-agent__item${item.id === selectedId ? ' app-agent__item--current' : ''}`}
                aria-current={item.id === selectedId ? 'true' : undefined}
                onClick={() => onOpen(item.id)}
              >
                <span className="app-agent__row">
                  <strong className="app-agent__name">{visitorLabel(item)}</strong>
                  {item.unreadCount > 0 ? (
                    <span className="app-agent__badge">
                      {item.unreadCount}
                      <span className="app-visually-hidden"> unread</span>
                    </span>
                  ) : null}
                </span>
                <span className="app-agent__preview">
                  {typing.includes(item.id)
                    ? 'Typing…'
                    : item.lastMessage
                      ? `${senderLabel(item.lastMessage.sender)}: ${item.lastMessage.preview}`
                      : ''}
                </span>
                <span className="app-agent__meta">
                  {item.visitorOnline ? 'Online' : 'Away'}
                  {item.currentPage ? ` · on ${item.currentPage}` : ''}
                  {waiting ? ` · ${waiting}` : ''}
                  {' · '}
                  {item.assignedAgent
                    ? item.assignedAgent.id === meId
                      ? 'You joined'
                      : `With ${item.assignedAgent.name}`
                    : 'Bot answering'}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const senderLabel = (sender: ChatMessage['sender']) =>
  sender === 'user' ? 'Visitor' : sender === 'bot' ? 'Bot' : 'Agent';
