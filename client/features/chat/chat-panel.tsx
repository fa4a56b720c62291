import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { whatsappLink } from '../../../shared/brand';
import type { ChatError, ChatRatingInput } from '../../../shared/chat-events';
import { chatTexts } from '../../../shared/chat-texts';
import { Icon } from '../../components/icon';
import { ChatComposer } from './chat-composer';
import { ChatRating } from './chat-rating';
import type { DisplayItem } from './display-items';
import { ChatText } from '../../components/chat-text';
import type { VisitorChatState } from './visitor-chat-view';
import './chat-panel.css';

type ChatPanelProps = {
  state: VisitorChatState;
  onSend: (text: string) => boolean;
  onTyping: (typing: boolean) => void;
  onClose: () => void;
  /** Lets the widget put a message that could not be sent back into the box. */
  registerRestore: (restore: (text: string) => void) => void;
  /** The visitor pressed 'Continue on WhatsApp'. */
  onWhatsApp: () => void;
  onRate: (input: ChatRatingInput) => Promise<ChatError | null>;
};

/** Where the panel goes full-screen (chat-panel.css) and becomes a modal dialog. */
const PHONE_QUERY = '(max-width: 640px)';

/** What Tab can reach inside the panel (radios are one stop per group, handled below). */
const TABBABLE =
  'a[href], button:not(:disabled), input:not(:disabled), textarea:not(:disabled), select:not(:disabled), [tabindex]';

const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', minute: '2-digit', hour12: true });
const timeOf = (iso: string) => timeFormat.format(new Date(iso));

/**
 * The Chat Support panel: a labelled dialog (Escape closes it and the launcher takes focus back).
 * Beside the page on wide screens (non-modal); full-screen on phones, where it is a modal dialog
 * with focus kept inside, sized to the visual viewport so the input stays above the on-screen
 * keyboard. Every message is rendered as text (React text nodes and links), never as HTML.
 */
export function ChatPanel({ state, onSend, onTyping, onClose, registerRestore, onWhatsApp, onRate }: ChatPanelProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const modal = useMediaQuery(PHONE_QUERY);
  useFitToVisualViewport(panelRef);

  // Keep the newest message (and the rating form) in view.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [state.items.length, state.botTyping, state.agentTyping, state.rating]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab' && modal && panelRef.current) {
      keepFocusInside(event, panelRef.current);
    }
  };

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
    // Escape closes the dialog and Tab stays inside it (full-screen): keyboard handling a dialog must own.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above
    <div
      ref={panelRef}
      className="app-chat-panel"
      role="dialog"
      aria-modal={modal ? true : undefined}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
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
        <ChatRating state={state.rating} onSend={onRate} />
      </div>
      {state.reference ? (
        <p className="app-chat-panel__whatsapp">
          <a
            className="app-button app-button--secondary"
            href={whatsappLink(chatTexts.whatsAppText(state.reference))}
            target="_blank"
            rel="noopener"
            onClick={onWhatsApp}
          >
            <Icon name="whatsapp" />
            {chatTexts.continueOnWhatsApp}
            <span className="app-visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
      <p className="app-chat-panel__typing" aria-live="polite">
        {typingText}
      </p>
      <ChatComposer onSend={onSend} onTyping={onTyping} registerRestore={registerRestore} />
    </div>
  );
}

/** Whether a media query matches now (false on the server and where matchMedia is missing). */
function useMediaQuery(query: string) {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** A radio Tab stops at: the checked one of its group, or any of a group with none checked. */
const isTabStop = (element: HTMLElement) =>
  !(element instanceof HTMLInputElement && element.type === 'radio' && !element.checked) ||
  !element.form ||
  !Array.from(element.form.elements).some(
    (other) => other instanceof HTMLInputElement && other.name === element.name && other.checked,
  );

/** Modal: Tab from the last control goes to the first, Shift+Tab from the first to the last. */
function keepFocusInside(event: KeyboardEvent, container: HTMLElement) {
  // Filtered from every element, so they stay in document order (not every engine keeps it for a selector list).
  const stops = Array.from(container.querySelectorAll<HTMLElement>('*')).filter(
    (element) => element.matches(TABBABLE) && element.tabIndex >= 0 && isTabStop(element),
  );
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const outside = !(active instanceof HTMLElement) || active === container || !container.contains(active);
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
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
      <p className="app-chat-msg__text">
        <ChatText text={item.message} sender={item.sender} />
      </p>
      <span className="app-chat-msg__meta">
        <time dateTime={item.createdAt}>{timeOf(item.createdAt)}</time>
        {item.pending ? <span> · {chatTexts.sending}</span> : null}
      </span>
    </li>
  );
}
