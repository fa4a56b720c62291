import { useId, type Ref } from 'react';
import {
  CHAT_VIEW_LABELS,
  type ChatView,
  type ChatViewCounts,
  type ConversationSummary,
} from '../../../../shared/chat-events';
import { AppForm } from '../../../components/form/app-form';
import { FieldWrapper } from '../../../components/form/field-wrapper';
import { StatusPill, UrgentTag, WhatsAppTag } from '../conversation-tags';
import { visitorLabel } from '../visitor-label';
import { useConversationList } from './use-conversation-list';
import { useConversationSearch } from './use-conversation-search';

const VIEWS: ChatView[] = ['mine', 'unassigned', 'open', 'resolved'];

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
  // Destructured: the props carry a ref, and react-hooks/refs flags reading anything else through them.
  const { conversations, view, search, counts, selectedId, headingRef, onView, onSearch, onOpen, ...rest } = props;
  const headingId = useId();
  const list = useConversationList({ conversations, view, search, ...rest });
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
            onClick={() => onView(item)}
          >
            {CHAT_VIEW_LABELS[item]}
            {counts ? ` (${counts[item]})` : ''}
          </button>
        ))}
      </div>
      <SearchForm search={search} onSearch={onSearch} />
      <p className="app-agent__hint" role="status">
        {list.status}
      </p>
      {list.empty ? <p>{list.empty}</p> : null}
      <ul className="app-agent__items">
        {conversations.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              data-conversation-id={item.id}
              className={`app-agent__item${item.id === selectedId ? ' app-agent__item--current' : ''}${item.urgent ? ' app-agent__item--urgent' : ''}`}
              aria-current={item.id === selectedId ? 'true' : undefined}
              onClick={() => onOpen(item.id)}
            >
              <span className="app-agent__row">
                <strong className="app-agent__name">{visitorLabel(item)}</strong>
                <span className="app-agent__tags">
                  {item.urgent ? <UrgentTag /> : null}
                  {item.channel === 'whatsapp' ? <WhatsAppTag /> : null}
                  <StatusPill status={item.status} />
                  {item.unreadCount > 0 ? (
                    <span className="app-count-badge">
                      {item.unreadCount}
                      <span className="app-visually-hidden"> unread</span>
                    </span>
                  ) : null}
                </span>
              </span>
              <span className="app-agent__preview">{list.preview(item)}</span>
              <span className="app-agent__meta">{list.meta(item)}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Searches the current view on the server (visitor name, e-mail or message text); empty shows the whole view. */
function SearchForm({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const inputId = useId();
  const { form, inputRef, draft, setDraft, onSubmit, clear } = useConversationSearch(search, onSearch);
  return (
    <AppForm form={form} onSubmit={onSubmit} role="search" className="app-agent__search">
      <FieldWrapper id={inputId} label="Search conversations" className="app-agent__field">
        {() => (
          <div className="app-agent__search-row">
            <input
              ref={inputRef}
              id={inputId}
              type="search"
              name="search"
              className="app-field__control app-agent__control"
              maxLength={100}
              value={draft}
              placeholder="Name, e-mail or message"
              onChange={(event) => setDraft(event.target.value)}
            />
            <button type="submit" className="app-button app-button--secondary">
              Search
            </button>
            {search ? (
              <button type="button" className="app-button app-button--ghost" onClick={clear}>
                Clear search
              </button>
            ) : null}
          </div>
        )}
      </FieldWrapper>
    </AppForm>
  );
}
