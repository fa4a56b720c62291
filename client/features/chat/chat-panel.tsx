import { useEffect, useId, useLayoutEffect, useRef, type RefObject } from 'react';
import { chatTexts } from '../../../shared/chat-texts';
import { Icon } from '../../components/icon';
import { ChatComposer } from './chat-composer';
import type { DisplayItem } from './display-items';
import type { VisitorChatState } from './visitor-chat-view';
import './chat-panel.css';

type ChatPanelProps = {
  state: VisitorChatState;
  onSend: (text: string) => boolean;
  onTyping: (typing: boolean) => void;
  onClose: () => void;
  /** Lets the widget put a message that could not be sent back into the box. */
  registerRestore: (restore: (text: string) => void) => void;
};

const PHONE_QUERY = '(max-width: 640px)';

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', minute: '2-digit', hour12: true });
const timeOf = (iso: string) => timeFormat.format(new Date(iso));

/**
 * The Chat Support panel: a labelled, non-modal dialog (Escape closes it and the launcher takes
 * focus back). Full-screen on phones, sized to the visual viewport so the input stays above the
 * on-screen keyboard. Every message is rendered as text (React text nodes), never as HTML.
 */
export function ChatPanel({ state, onSend, onTyping, onClose, registerRestore }: ChatPanelProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  useFitToVisualViewport(panelRef);

  // Keep the newest message in view.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [state.items.length, state.botTyping, state.agentTyping]);

  const statusText =
    state.status === 'refused'
      ? state.refusal
      : state.status === 'offline'
        ? chatTexts.offline
        : state.status === 'connecting' && !state.ready
          ? chatTexts.connecting
          : null;
  const typingText = state.agentTyping
    ? chatTexts.agentTyping(state.agentTyping)
    : state.botTyping
      ? chatTexts.botTyping
      : '';

  return (
    // Escape closes the dialog and Tab stays inside it: keyboard handling a dialog must own.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above
    <div
      ref={panelRef}
      className="app-chat-panel"
      role="dialog"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="app-chat-panel__header">
        <div>
          <h2 id={titleId} className="app-chat-panel__title">
            {chatTexts.panelTitle}
          </h2>
          {state.agent ? <p className="app-chat-panel__subtitle">You are chatting with {state.agent.name}</p> : null}
        </div>
        <button type="button" className="app-chat-panel__close" onClick={onClose}>
          <Icon name="close" />
          <span className="app-visually-hidden">{chatTexts.closeLabel}</span>
        </button>
      </div>
      <p className="app-chat-panel__status" role="status">
        {statusText}
      </p>
      {/* A scrollable log must take focus so keyboard users can scroll it (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above */}
      <div ref={logRef} className="app-chat-panel__log" role="log" aria-label="Messages" tabIndex={0}>
        <ol className="app-chat-panel__list">
          {state.greetingAt ? (
            <MessageItem
              item={{
                kind: 'message',
                key: 'greeting',
                id: null,
                sender: 'bot',
                message: chatTexts.greeting,
                createdAt: state.greetingAt,
                agentName: null,
                pending: false,
              }}
            />
          ) : null}
          {state.items.map((item) => (
            <MessageItem key={item.key} item={item} />
          ))}
        </ol>
      </div>
      <p className="app-chat-panel__typing" aria-live="polite">
        {typingText}
      </p>
      <ChatComposer onSend={onSend} onTyping={onTyping} registerRestore={registerRestore} />
    </div>
  );
}

/** Phones: the panel follows the visual viewport, so the on-screen keyboard never covers the input. */
function useFitToVisualViewport(panelRef: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const viewport = window.visualViewport;
    const panel = panelRef.current;
    if (!viewport || !panel) return;
    const phone = window.matchMedia(PHONE_QUERY);
    const fit = () => {
      if (phone.matches) {
        panel.style.height = `${viewport.height}px`;
        panel.style.top = `${viewport.offsetTop}px`;
      } else {
        panel.style.removeProperty('height');
        panel.style.removeProperty('top');
      }
    };
    fit();
    viewport.addEventListener('resize', fit);
    viewport.addEventListener('scroll', fit);
    phone.addEventListener('change', fit);
    document.documentElement.classList.add('app-chat-open');
    return () => {
      viewport.removeEventListener('resize', fit);
      viewport.removeEventListener('scroll', fit);
      phone.removeEventListener('change', fit);
      document.documentElement.classList.remove('app-chat-open');
    };
  }, [panelRef]);
}

function MessageItem({ item }: { item: DisplayItem }) {
  if (item.kind === 'notice') {
    return <li className="app-chat-msg app-chat-msg--notice">{item.text}</li>;
  }
  const who =
    item.sender === 'user'
      ? chatTexts.you
      : item.sender === 'agent'
        ? (item.agentName ?? 'Support agent')
        : chatTexts.bot;
  return (
    <li className={`app-chat-msg app-chat-msg--${item.sender}${item.pending ? ' app-chat-msg--pending' : ''}`}>
      <span className="app-chat-msg__who">{who}</span>
      <p className="app-chat-msg__text">{item.message}</p>
      <span className="app-chat-msg__meta">
        <time dateTime={item.createdAt}>{timeOf(item.createdAt)}</time>
        {item.pending ? <span> · {chatTexts.sending}</span> : null}
      </span>
    </li>
  );
}
