import { describe, expect, it } from 'vitest';
import type {
  AgentProfile,
  ChatMessage,
  ConversationListResult,
  ConversationSummary,
} from '../../../../shared/chat-events';
import {
  agentChatState,
  compareConversations,
  createUrgentTracker,
  inView,
  type AgentChatState,
} from '../../../../client/features/agent/agent-chat-state';
import { conversationSummary } from './summary-fixture';

const ME: AgentProfile = { id: 1, name: 'Ada Obi', role: 'agent' };
const COLLEAGUE = { id: 2, name: 'Bola Adeyemi' };

const summary = (id: number, lastActivityAt: string, extra: Partial<ConversationSummary> = {}) =>
  conversationSummary(id, { shortId: `s${id}`, lastActivityAt, ...extra });

const listResult = (conversations: ConversationSummary[], extra: Partial<ConversationListResult> = {}) => ({
  conversations,
  counts: { mine: 0, unassigned: conversations.length, open: conversations.length, resolved: 0 },
  me: ME,
  team: [
    { ...ME, status: 'online' as const },
    { ...COLLEAGUE, status: 'away' as const },
  ],
  cannedReplies: [{ id: 1, title: 'Greeting', body: 'Hello!' }],
  ratings: { last7Days: { average: 4.5, count: 2 }, last30Days: { average: 4, count: 5 } },
  ...extra,
});

const loaded = (
  conversations: ConversationSummary[],
  view: AgentChatState['view'] = 'open',
  search = '',
): AgentChatState => agentChatState.withList(agentChatState.initial, listResult(conversations), { view, search });

const ids = (state: AgentChatState) => state.conversations.map((item) => item.id);

const message = (id: number): ChatMessage => ({
  id,
  clientId: `c${id}`,
  sender: 'user',
  message: `m${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  agentName: null,
});

describe('agentChatState (the console state updates)', () => {
  it('keeps conversations newest activity first, ties by the newer id, one entry per id', () => {
    let state = loaded([summary(1, '2026-01-01T10:00:00Z'), summary(2, '2026-01-01T11:00:00Z')]);
    expect(state.status).toBe('ready');
    expect(ids(state)).toEqual([2, 1]);
    state = agentChatState.withConversation(state, summary(1, '2026-01-01T12:00:00Z'));
    state = agentChatState.withConversation(state, summary(3, '2026-01-01T12:00:00Z'));
    expect(ids(state)).toEqual([3, 1, 2]);
  });

  it('adds a message once and in id order', () => {
    let state = agentChatState.withMessage(agentChatState.initial, message(5));
    state = agentChatState.withMessage(state, message(3));
    const same = agentChatState.withMessage(state, message(5));
    expect(same).toBe(state);
    expect(state.messages.map((item) => item.id)).toEqual([3, 5]);
  });

  it('lists a typing visitor once and removes them', () => {
    let state = agentChatState.withTyping(agentChatState.initial, 7);
    state = agentChatState.withTyping(state, 7);
    state = agentChatState.withTyping(state, 8);
    expect(state.typing).toEqual([7, 8]);
    expect(agentChatState.withoutTyping(state, 7).typing).toEqual([8]);
  });
});

describe('sorting: urgent rooms first, then newest activity', () => {
  it('puts an urgent room above newer ones, and a room that turns urgent moves up', () => {
    const rows = [
      summary(1, '2026-01-01T09:00:00Z', { urgent: true }),
      summary(2, '2026-01-01T12:00:00Z'),
      summary(3, '2026-01-01T10:00:00Z', { urgent: true }),
      summary(4, '2026-01-01T11:00:00Z'),
    ];
    expect([...rows].sort(compareConversations).map((item) => item.id)).toEqual([3, 1, 2, 4]);
    let state = loaded(rows);
    expect(ids(state)).toEqual([3, 1, 2, 4]);
    state = agentChatState.withConversation(state, summary(4, '2026-01-01T11:00:00Z', { urgent: true }));
    expect(ids(state)).toEqual([4, 3, 1, 2]);
  });
});

describe('view membership', () => {
  const mine = summary(1, '2026-01-01T10:00:00Z', { assignedAgent: { id: ME.id, name: ME.name } });
  const colleagues = summary(2, '2026-01-01T10:00:00Z', { assignedAgent: COLLEAGUE });
  const unassigned = summary(3, '2026-01-01T10:00:00Z');
  const pending = summary(4, '2026-01-01T10:00:00Z', { status: 'pending' });
  const resolvedMine = summary(5, '2026-01-01T10:00:00Z', { status: 'resolved', assignedAgent: mine.assignedAgent });

  it.each([
    ['mine', [mine]],
    ['unassigned', [unassigned, pending]],
    ['open', [mine, colleagues, unassigned, pending]],
    ['resolved', [resolvedMine]],
  ] as const)('%s', (view, expected) => {
    const all = [mine, colleagues, unassigned, pending, resolvedMine];
    expect(all.filter((item) => inView(view, item, ME.id))).toEqual(expected);
  });

  it('has nothing in Mine before the agent is known', () => {
    expect(inView('mine', mine, null)).toBe(false);
  });

  it('inserts, updates and removes live rows by whether they belong in the current view', () => {
    let state = loaded([unassigned], 'unassigned');
    // A new unassigned room arrives: listed.
    state = agentChatState.withConversation(state, summary(6, '2026-01-01T11:00:00Z'));
    expect(ids(state)).toEqual([6, 3]);
    // Claimed by a colleague: no longer unassigned.
    state = agentChatState.withConversation(state, { ...unassigned, assignedAgent: COLLEAGUE });
    expect(ids(state)).toEqual([6]);
    // A room of mine elsewhere is not listed here.
    state = agentChatState.withConversation(state, mine);
    expect(ids(state)).toEqual([6]);

    let resolved = loaded([], 'resolved');
    resolved = agentChatState.withConversation(resolved, { ...mine, status: 'resolved' });
    expect(ids(resolved)).toEqual([1]);
    // A new visitor message reopens it: it leaves Resolved.
    resolved = agentChatState.withConversation(resolved, mine);
    expect(ids(resolved)).toEqual([]);

    let own = loaded([mine], 'mine');
    own = agentChatState.withConversation(own, { ...colleagues, assignedAgent: { id: ME.id, name: ME.name } });
    expect(ids(own)).toEqual([2, 1]);
    own = agentChatState.withConversation(own, { ...mine, status: 'resolved' });
    expect(ids(own)).toEqual([2]);
  });

  it('while a search is active, only updates rows already shown (the server knows what matches)', () => {
    let state = loaded([unassigned], 'open', 'lekki');
    state = agentChatState.withConversation(state, summary(9, '2026-01-01T12:00:00Z'));
    expect(ids(state)).toEqual([3]);
    state = agentChatState.withConversation(state, { ...unassigned, unreadCount: 2 });
    expect(state.conversations[0]!.unreadCount).toBe(2);
    // It still leaves the view when it no longer belongs.
    state = agentChatState.withConversation(state, { ...unassigned, status: 'resolved' });
    expect(ids(state)).toEqual([]);
  });

  it('changing view keeps only the rows known to belong until the list comes; a new search starts empty', () => {
    const state = loaded([mine, colleagues, unassigned]);
    const toMine = agentChatState.withQuery(state, { view: 'mine', search: '' });
    expect(toMine.view).toBe('mine');
    expect(toMine.listLoading).toBe(true);
    expect(ids(toMine)).toEqual([1]);
    const searching = agentChatState.withQuery(state, { view: 'open', search: 'ada' });
    expect(ids(searching)).toEqual([]);
    const listed = agentChatState.withList(searching, listResult([colleagues]), { view: 'open', search: 'ada' });
    expect(listed.listLoading).toBe(false);
    expect(listed.search).toBe('ada');
    expect(ids(listed)).toEqual([2]);
  });
});

describe('the open conversation', () => {
  it('keeps its summary when it leaves the current view, and follows live updates', () => {
    let state = loaded([summary(1, '2026-01-01T10:00:00Z')]);
    state = agentChatState.withSelected(state, 1);
    expect(state.selected?.id).toBe(1);
    state = agentChatState.withConversation(state, summary(1, '2026-01-01T10:00:00Z', { status: 'resolved' }));
    expect(ids(state)).toEqual([]);
    expect(state.selected?.status).toBe('resolved');
    state = agentChatState.withoutSelected(state);
    expect(state.selected).toBeNull();
    expect(state.selectedId).toBeNull();
  });
});

describe('counts, team, presence, canned replies, ratings and transfer requests', () => {
  it('takes the counts, team, canned replies and ratings from the list, then from live events', () => {
    let state = loaded([]);
    expect(state.counts).toEqual({ mine: 0, unassigned: 0, open: 0, resolved: 0 });
    expect(state.cannedReplies).toHaveLength(1);
    expect(state.ratings?.last7Days.average).toBe(4.5);
    state = agentChatState.withCounts(state, { mine: 2, unassigned: 1, open: 5, resolved: 9 });
    expect(state.counts).toEqual({ mine: 2, unassigned: 1, open: 5, resolved: 9 });
    state = agentChatState.withCannedReplies(state, []);
    expect(state.cannedReplies).toEqual([]);
    state = agentChatState.withRatings(state, {
      last7Days: { average: null, count: 0 },
      last30Days: { average: null, count: 0 },
    });
    expect(state.ratings?.last30Days.average).toBeNull();
  });

  it("sets this agent's presence, also in the team list, and follows the server's", () => {
    let state = loaded([]);
    expect(state.presence).toBe('online');
    state = agentChatState.withPresence(state, 'away');
    expect(state.presence).toBe('away');
    expect(state.team.find((member) => member.id === ME.id)?.status).toBe('away');
    state = agentChatState.withTeam(state, [
      { ...ME, status: 'online' },
      { ...COLLEAGUE, status: 'offline' },
    ]);
    expect(state.presence).toBe('online');
    expect(state.team[1]!.status).toBe('offline');
  });

  it('lists one transfer request per room and removes it', () => {
    let state = agentChatState.withTransferRequest(agentChatState.initial, { conversationId: 4, from: COLLEAGUE });
    state = agentChatState.withTransferRequest(state, { conversationId: 5, from: COLLEAGUE });
    state = agentChatState.withTransferRequest(state, { conversationId: 4, from: { id: 3, name: 'Chidi' } });
    expect(state.transferRequests.map((item) => [item.conversationId, item.from.name])).toEqual([
      [5, 'Bola Adeyemi'],
      [4, 'Chidi'],
    ]);
    expect(agentChatState.withoutTransferRequest(state, 4).transferRequests).toHaveLength(1);
  });
});

describe('createUrgentTracker (the urgent sound)', () => {
  it('alerts once when a room becomes urgent, not for rooms already urgent when listed', () => {
    const tracker = createUrgentTracker();
    tracker.seeList([summary(1, '2026-01-01T10:00:00Z', { urgent: true }), summary(2, '2026-01-01T10:00:00Z')]);
    expect(tracker.see(summary(1, '2026-01-01T11:00:00Z', { urgent: true }))).toBe(false);
    expect(tracker.see(summary(2, '2026-01-01T11:00:00Z'))).toBe(false);
    expect(tracker.see(summary(2, '2026-01-01T11:01:00Z', { urgent: true }))).toBe(true);
    expect(tracker.see(summary(2, '2026-01-01T11:02:00Z', { urgent: true }))).toBe(false);
    // A new room that arrives urgent alerts too.
    expect(tracker.see(summary(3, '2026-01-01T11:03:00Z', { urgent: true }))).toBe(true);
    // Resolved (urgent cleared), then urgent again: a new alert.
    expect(tracker.see(summary(2, '2026-01-01T12:00:00Z', { status: 'resolved' }))).toBe(false);
    expect(tracker.see(summary(2, '2026-01-01T12:01:00Z', { urgent: true }))).toBe(true);
  });
});
