import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import type { ChatMessage, ConversationSummary } from '../../../shared/chat-events';
import { agentCannedReplies, chatTexts } from '../../../shared/chat-texts';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../shared/constants';
import { paths } from '../../app/paths';
import { Icon } from '../../components/icon';
import { useToast } from '../../components/toast/toast-provider';
import { PageMeta } from '../../layout/page-meta';
import { useAgentChat } from './use-agent-chat';
import './agent.css';

const TITLE = 'Support console';
const DESCRIPTION = 'Internal page for support agents to answer Chat Support conversations.';
const timeFormat = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', minute: '2-digit', hour12: true });

export const visitorLabel = (conversation: ConversationSummary) => conversation.visitorName ?? `Visitor ${conversation.shortId}`;

function waitingText(since: string | null, now: number): string | null {
  if (!since) return null;
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 1) return 'Waiting less than a minute';
  if (minutes < 60) return `Waiting ${minutes} min`;
  return `Waiting ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** A short beep made in the browser (no sound file to download). */
function beep() {
  try {
    const context = new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = 880;
    gain.gain.value = 0.08;
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.15);
    oscillator.onended = () => void context.close();
  } catch {
    // No audio on this device: the title count still alerts.
  }
}

/**
 * The agent console: conversations live (newest activity first), one open conversation with
 * its history, live messages and the visitor's typing; Join, reply, canned replies, Leave.
 * Visitor text is always rendered as React text nodes, never as HTML.
 */
export function AgentConsole() {
  const [, navigate] = useLocation();
  const { toast } = useToast();
  const [sound, setSound] = useState(false);
  const soundRef = useRef(sound);
  soundRef.current = sound;
  const [now, setNow] = useState(() => Date.now());

  const chat = useAgentChat({
    onDenied: () => navigate(paths.login(), { replace: true }),
    onVisitorMessage: () => {
      if (soundRef.current) beep();
    },
    onError: (message) => toast({ title: 'Something went wrong', description: message, variant: 'destructive' }),
  });
  const { state } = chat;

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);

  const unread = state.conversations.reduce((total, item) => total + (item.id === state.selectedId ? 0 : item.unreadCount), 0);
  const selected = state.conversations.find((item) => item.id === state.selectedId) ?? null;

  if (state.status === 'checking' || state.status === 'denied') {
    return (
      <section className="app-container app-section">
        <PageMeta title={TITLE} description={DESCRIPTION} />
        <h1>{TITLE}</h1>
        <p role="status">Checking your access…</p>
      </section>
    );
  }

  return (
    <section className="app-container app-agent">
      <PageMeta title={unread ? `(${unread}) ${TITLE}` : TITLE} description={DESCRIPTION} />
      <div className="app-agent__top">
        <h1 className="app-agent__title">{TITLE}</h1>
        <p className="app-agent__me">
          Signed in as {state.me?.name}
          {state.status === 'offline' ? <span role="status"> · Reconnecting…</span> : null}
        </p>
        <label className="app-agent__sound">
          <input type="checkbox" checked={sound} onChange={(event) => setSound(event.target.checked)} /> Play a sound for new messages
        </label>
      </div>
      <div className={`app-agent__grid${selected ? ' app-agent__grid--open' : ''}`}>
        <ConversationList conversations={state.conversations} selectedId={state.selectedId} typing={state.typing} now={now} onOpen={chat.open} meId={state.me?.id ?? null} />
        {selected ? (
          <ConversationView
            key={selected.id}
            conversation={selected}
            messages={state.messages}
            visitorTyping={state.typing.includes(selected.id)}
            meId={state.me?.id ?? null}
            onBack={chat.close}
            onJoin={() => chat.join(selected.id)}
            onLeave={() => chat.leave(selected.id)}
            onSend={(text) => chat.send(selected.id, text)}
            onTyping={(typing) => chat.setTyping(selected.id, typing)}
          />
        ) : (
          <p className="app-agent__empty">Choose a conversation to read it and reply.</p>
        )}
      </div>
    </section>
  );
}

type ListProps = {
  conversations: ConversationSummary[];
  selectedId: number | null;
  typing: number[];
  now: number;
  meId: number | null;
  onOpen: (id: number) => void;
};

function ConversationList({ conversations, selectedId, typing, now, meId, onOpen }: ListProps) {
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
                  {typing.includes(item.id) ? 'Typing…' : item.lastMessage ? `${senderLabel(item.lastMessage.sender)}: ${item.lastMessage.preview}` : ''}
                </span>
                <span className="app-agent__meta">
                  {item.visitorOnline ? 'Online' : 'Away'}
                  {item.currentPage ? ` · on ${item.currentPage}` : ''}
                  {waiting ? ` · ${waiting}` : ''}
                  {' · '}
                  {item.assignedAgent ? (item.assignedAgent.id === meId ? 'You joined' : `With ${item.assignedAgent.name}`) : 'Bot answering'}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const senderLabel = (sender: ChatMessage['sender']) => (sender === 'user' ? 'Visitor' : sender === 'bot' ? 'Bot' : 'Agent');

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

function ConversationView({ conversation, messages, visitorTyping, meId, onBack, onJoin, onLeave, onSend, onTyping }: ViewProps) {
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
      <div ref={logRef} className="app-agent__log" role="log" aria-label={`Messages with ${visitorLabel(conversation)}`} tabIndex={0}>
        <ol className="app-agent__messages">
          {messages.map((message) => (
            <li key={message.id} className={`app-chat-line app-chat-line--${message.sender}`}>
              <span className="app-chat-line__who">
                {message.sender === 'user' ? visitorLabel(conversation) : message.sender === 'bot' ? chatTexts.bot : (message.agentName ?? 'Agent')}
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

/** The agent's reply box with the canned replies; usable once the agent has joined. */
function ReplyForm({ joined, onSend, onTyping }: { joined: boolean; onSend: ViewProps['onSend']; onTyping: ViewProps['onTyping'] }) {
  const replyId = useId();
  const cannedId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const typingRef = useRef(false);

  const setTyping = useCallback(
    (typing: boolean) => {
      if (typingRef.current === typing) return;
      typingRef.current = typing;
      onTyping(typing);
    },
    [onTyping],
  );

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message || sending) return;
    setSending(true);
    const sent = await onSend(message);
    setSending(false);
    if (sent) {
      setText('');
      setTyping(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className="app-agent__form" onSubmit={(event) => void submit(event)}>
      <div className="app-agent__field">
        <label htmlFor={cannedId}>Canned reply</label>
        <select
          id={cannedId}
          value=""
          disabled={!joined}
          onChange={(event) => {
            if (event.target.value) setText(event.target.value);
          }}
        >
          <option value="">Choose a ready-made reply…</option>
          {agentCannedReplies.map((reply) => (
            <option key={reply} value={reply}>
              {reply}
            </option>
          ))}
        </select>
      </div>
      <div className="app-agent__field">
        <label htmlFor={replyId}>Your reply</label>
        <textarea
          id={replyId}
          rows={3}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          value={text}
          disabled={!joined}
          aria-describedby={hintId}
          onChange={(event) => {
            setText(event.target.value);
            setTyping(Boolean(event.target.value.trim()));
          }}
          onBlur={() => setTyping(false)}
          onKeyDown={onKeyDown}
        />
        <p id={hintId} className="app-agent__hint">
          {joined ? 'Enter sends, Shift+Enter makes a new line.' : 'Join the conversation to reply. The bot answers until you do.'}
        </p>
      </div>
      <button type="submit" className="app-button app-button--primary" disabled={!joined || sending || !text.trim()}>
        {sending ? 'Sending...' : 'Send reply'}
      </button>
    </form>
  );
}
