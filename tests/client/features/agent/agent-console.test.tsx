// @vitest-environment jsdom
/**
 * The whole console over a stand-in socket: the list request with its view and search, live summaries, counts,
 * presence, transfer requests, ratings, and the focus moves of the narrow layout.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationListResult, ConversationSummary } from '../../../../shared/chat-events';
import { ToastProvider } from '../../../../client/components/toast/toast-provider';
import { conversationSummary } from './summary-fixture';
import { settle } from '../../../helpers/settle';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Handler = (...args: unknown[]) => void;

/** Answers acknowledged emits with `answers[event]` and lets the test fire server events. */
class FakeSocket {
  connected = false;
  handlers = new Map<string, Handler[]>();
  sent: [string, unknown][] = [];
  answers: Record<string, (payload: unknown) => unknown> = {};
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  timeout() {
    return this;
  }
  emit(event: string, payload: unknown, ack?: (error: Error | null, result: unknown) => void) {
    this.sent.push([event, payload]);
    const answer = this.answers[event];
    if (ack) ack(null, answer ? answer(payload) : { ok: true });
    return this;
  }
  connect() {
    this.connected = true;
    this.fire('connect');
  }
  disconnect() {
    this.connected = false;
  }
  fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
}

let socket: FakeSocket;
vi.mock('../../../../client/lib/socket', () => ({ createSocket: () => socket }));

const ME = { id: 1, name: 'Chidi Okoro', role: 'admin' as const };
const summary = (id: number, extra: Partial<ConversationSummary> = {}) =>
  conversationSummary(id, { lastActivityAt: `2026-01-01T10:0${id}:00Z`, ...extra });

const list = (conversations: ConversationSummary[]): ConversationListResult => ({
  conversations,
  counts: { mine: 0, unassigned: conversations.length, open: conversations.length, resolved: 3 },
  me: ME,
  team: [
    { id: 1, name: ME.name, status: 'online' },
    { id: 2, name: 'Ada Obi', status: 'away' },
  ],
  cannedReplies: [{ id: 1, title: 'Greeting', body: 'Hello!' }],
  ratings: { last7Days: { average: 4.25, count: 12 }, last30Days: { average: 4.1, count: 40 } },
});

let narrow = false;
beforeEach(() => {
  socket = new FakeSocket();
  narrow = false;
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: narrow, media: query }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderConsole(conversations: ConversationSummary[]) {
  socket.answers['conversation:list'] = () => ({ ok: true, ...list(conversations) });
  socket.answers['conversation:open'] = (payload) => {
    const id = (payload as { conversationId: number }).conversationId;
    return { ok: true, conversation: conversations.find((item) => item.id === id), messages: [], notes: [] };
  };
  const { AgentConsole } = await import('../../../../client/features/agent/agent-console');
  render(
    <ToastProvider>
      <AgentConsole />
    </ToastProvider>,
  );
  await settle(() => socket.connect());
}

const listed = () =>
  screen
    .getAllByRole('button', { name: /Visitor #/ })
    .map((button) => button.querySelector('.app-agent__name')!.textContent);

describe('the agent console', () => {
  it('asks for a view and a search, and shows counts, ratings, team and live updates', async () => {
    await renderConsole([summary(1), summary(2)]);
    expect(socket.sent[0]).toEqual(['conversation:list', { view: 'open' }]);
    expect(listed()).toEqual(['Visitor #2', 'Visitor #1']);
    expect(screen.getByText('Rating: 4.3 (last 7 days, 12 ratings) · 4.1 (last 30 days, 40)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resolved (3)' }).getAttribute('aria-pressed')).toBe('false');
    const team = within(screen.getByRole('region', { name: 'Team' }));
    expect(team.getByText(/Ada Obi/).textContent).toBe('Ada Obi — Away');

    // A room turns urgent: it heads the list.
    await settle(() => socket.fire('room:updated', summary(1, { urgent: true })));
    expect(listed()).toEqual(['Visitor #1', 'Visitor #2']);
    await settle(() => socket.fire('counts:updated', { mine: 4, unassigned: 0, open: 2, resolved: 3 }));
    expect(screen.getByRole('button', { name: 'Mine (4)' })).toBeTruthy();
    await settle(() =>
      socket.fire('presence:updated', [
        { id: 1, name: ME.name, status: 'online' },
        { id: 2, name: 'Ada Obi', status: 'online' },
      ]),
    );
    expect(team.getByText(/Ada Obi/).textContent).toBe('Ada Obi — Online');
    await settle(() =>
      socket.fire('ratings:updated', {
        last7Days: { average: null, count: 0 },
        last30Days: { average: null, count: 0 },
      }),
    );
    expect(screen.getByText('Rating: No ratings yet')).toBeTruthy();

    // Another view, then a search in it.
    socket.answers['conversation:list'] = () => ({ ok: true, ...list([]) });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: /^Resolved/ })));
    expect(socket.sent.at(-1)).toEqual(['conversation:list', { view: 'resolved' }]);
    expect(screen.getByRole('button', { name: /^Resolved/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('No resolved conversations yet.')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search conversations' }), { target: { value: ' ada ' } });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    expect(socket.sent.at(-1)).toEqual(['conversation:list', { view: 'resolved', search: 'ada' }]);
    expect(screen.getByText('No conversations match this search.')).toBeTruthy();
  });

  it('shows a transfer request with "Transfer to <name>", which assigns the room to them', async () => {
    await renderConsole([summary(1, { assignedAgent: { id: 1, name: ME.name } })]);
    socket.answers['room:assign'] = () => ({
      ok: true,
      conversation: summary(1, { assignedAgent: { id: 2, name: 'Ada Obi' } }),
    });
    await settle(() => socket.fire('transfer:requested', { conversationId: 1, from: { id: 2, name: 'Ada Obi' } }));
    expect(screen.getByText('Ada Obi asks you to transfer #1')).toBeTruthy();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Transfer to Ada Obi' })));
    expect(socket.sent.at(-1)).toEqual(['room:assign', { conversationId: 1, agentId: 2 }]);
    expect(screen.queryByText('Ada Obi asks you to transfer #1')).toBeNull();
  });

  it('moves the focus into the room in the narrow layout, and back to its row with "All conversations"', async () => {
    narrow = true;
    await renderConsole([
      summary(1, { visitorName: 'Ngozi', followUpContact: { kind: 'email', value: 'n@example.com' }, rating: 4 }),
      summary(2),
    ]);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: /Ngozi/ })));
    const heading = screen.getByRole('heading', { level: 2, name: 'Ngozi' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Follow up: n@example.com (e-mail)')).toBeTruthy();
    expect(screen.getByText('Rated 4/5 (1 = very poor, 5 = excellent)')).toBeTruthy();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'All conversations' })));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Ngozi/ }));

    // Wide layout: the focus stays on the row that opened the room.
    narrow = false;
    const row = screen.getByRole('button', { name: /Visitor #2/ });
    row.focus();
    await settle(() => fireEvent.click(row));
    expect(document.activeElement).toBe(row);
  });

  it('sets the presence and offers the admins the canned replies editor', async () => {
    await renderConsole([]);
    fireEvent.change(screen.getByRole('combobox', { name: 'Your status' }), { target: { value: 'away' } });
    expect(socket.sent.at(-1)).toEqual(['presence:set', { status: 'away' }]);
    expect(screen.getByRole('region', { name: 'Canned replies' })).toBeTruthy();
    await settle(() => socket.fire('canned:updated', []));
    expect(screen.getByText('No canned replies yet. Add the first one below.')).toBeTruthy();
  });
});
