import { beep } from '../../lib/beep';
import { useLatest } from '../../lib/use-latest';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../app/paths';
import { useToast } from '../../components/toast/toast-provider';
import { PageMeta } from '../../layout/page-meta';
import { ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { useAgentChat } from './use-agent-chat';
import './agent.css';

const TITLE = 'Support console';
const DESCRIPTION = 'Internal page for support agents to answer Chat Support conversations.';

/**
 * The agent console: conversations live (newest activity first), one open conversation with
 * its history, live messages and the visitor's typing; Join, reply, canned replies, Leave.
 * Visitor text is always rendered as React text nodes, never as HTML.
 */
export function AgentConsole() {
  const [, navigate] = useLocation();
  const { toast } = useToast();
  const [sound, setSound] = useState(false);
  const soundRef = useLatest(sound);
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

  const unread = state.conversations.reduce(
    (total, item) => total + (item.id === state.selectedId ? 0 : item.unreadCount),
    0,
  );
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
          <input type="checkbox" checked={sound} onChange={(event) => setSound(event.target.checked)} /> Play a sound
          for new messages
        </label>
      </div>
      <div className={`app-agent__grid${selected ? ' app-agent__grid--open' : ''}`}>
        <ConversationList
          conversations={state.conversations}
          selectedId={state.selectedId}
          typing={state.typing}
          now={now}
          onOpen={chat.open}
          meId={state.me?.id ?? null}
        />
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
