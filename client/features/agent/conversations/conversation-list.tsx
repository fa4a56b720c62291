import { useId, useRef, useState, type Ref } from 'react';
import {
  CHAT_VIEW_LABELS,
  type ChatMessage,
  type ChatView,
  type ChatViewCounts,
  type ConversationSummary,
} from '../../../../shared/chat-events';
import { waitingText } from '../agent-texts';
import { StatusPill, UrgentTag } from '../conversation-tags';
import { visitorLabel } from '../visitor-label';

const VIEWS: ChatView[] = ['mine', 'unassigned', 'open', 'resolved'];

const EMPTY_TEXT: Record<ChatView, string> = {
  mine: 'No open conversations are assigned to you.',
  unassigned: 'No open conversations are waiting for an agent.',
  open: 'No conversations yet. New ones appear here as visitors write.',
  resolved: 'No resolved conversations yet.',
};

type ListProps = {
  conversations: ConversationSummary[];
  view: ChatView;
  search: string;
  counts: ChatViewCounts | null;
  loading: boolean;
  selectedId: number | null;
  typing: number[];
  now: number;
  meId: number | null;
  headingRef: Ref<HTMLHeadingElement>;
  onView: (view: ChatView) => void;
  onSearch: (search: string) => void;
  onOpen: (id: number) => void;
};

/** The views (each with its count), the search and the current view's conversations, urgent first. */
export function ConversationList(props: ListProps) {
  const { conversations, view, search, counts, loading, selectedId, typing, now, meId, headingRef } = props;
  const headingId = useId();
  return (
    <nav className="app-agent__list" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="app-agent__heading">
        Conversations ({conversations.length})
      </h2>
      <div className="app-agent__views" role="group" aria-label="Views">
        {VIEWS.map((item) => (
          <button
            key={item}
            type="button"
            className="app-agent__view-button"
            aria-pressed={item === view}
            onClick={() => props.onView(item)}
          >
            {CHAT_VIEW_LABELS[item]}
            {counts ? ` (${counts[item]})` : ''}
          </button>
        ))}
      </div>
      <SearchForm search={search} onSearch={props.onSearch} />
      <p className="app-agent__hint" role="status">
        {loading
          ? 'Loading conversations…'
          : search
            ? `${conversations.length} ${conversations.length === 1 ? 'conversation matches' : 'conversations match'} “${search}” in ${CHAT_VIEW_LABELS[view]}.`
            : ''}
      </p>
      {!loading && conversations.length === 0 ? (
        <p>{search ? 'No conversations match this search.' : EMPTY_TEXT[view]}</p>
      ) : null}
      <ul className="app-agent__items">
        {conversations.map((item) => {
          const waiting = waitingText(item.waitingSince, now);
          return (
            <li key={item.id}>
              <button
                type="button"
                data-conversation-id={item.id}
                className={`app-agent__item${item.id === selectedId ? ' app-agent__item--current' : ''}${item.urgent ? ' app-agent__item--urgent' : ''}`}
                aria-current={item.id === selectedId ? 'true' : undefined}
                onClick={() => props.onOpen(item.id)}
              >
                <span className="app-agent__row">
                  <strong className="app-agent__name">{visitorLabel(item)}</strong>
                  <span className="app-agent__tags">
                    {item.urgent ? <UrgentTag /> : null}
                    <StatusPill status={item.status} />
                    {item.unreadCount > 0 ? (
                      <span className="app-agent__badge">
                        {item.unreadCount}
                        <span className="app-visually-hidden"> unread</span>
                      </span>
                    ) : null}
                  </span>
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

/** Searches the current view on the server (visitor name, e-mail or message text); empty shows the whole view. */
function SearchForm({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(search);
  return (
    <form
      role="search"
      className="app-agent__search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft);
      }}
    >
      <label htmlFor={inputId}>Search conversations</label>
      <div className="app-agent__search-row">
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          name="search"
          maxLength={100}
          value={draft}
          placeholder="Name, e-mail or message"
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="app-button app-button--secondary">
          Search
        </button>
        {search ? (
          <button
            type="button"
            className="app-button app-button--ghost"
            onClick={() => {
              setDraft('');
              onSearch('');
              // The button goes away with the search: the focus goes to the box.
              inputRef.current?.focus();
            }}
          >
            Clear search
          </button>
        ) : null}
      </div>
    </form>
  );
}

const senderLabel = (sender: ChatMessage['sender']) =>
  sender === 'user' ? 'Visitor' : sender === 'bot' ? 'Bot' : 'Agent';
