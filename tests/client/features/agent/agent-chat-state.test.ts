import { describe, expect, it } from 'vitest';
import type { ChatMessage, ConversationSummary } from '../../../../shared/chat-events';
import { agentChatState } from '../../../../client/features/agent/agent-chat-state';

const summary = (id: number, lastActivityAt: string): ConversationSummary => ({
  id,
  visitorName: null,
  visitorEmail: null,
  shortId: `s${id}`,
  currentPage: null,
  lastMessage: null,
  lastActivityAt,
  waitingSince: null,
  unreadCount: 0,
  assignedAgent: null,
  visitorOnline: true,
});

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
    let state = agentChatState.withList(agentChatState.initial, { id: 1, name: 'Ada', role: 'agent' }, [
      summary(1, '2026-01-01T10:00:00Z'),
      summary(2, '2026-01-01T11:00:00Z'),
    ]);
    expect(state.status).toBe('ready');
    expect(state.conversations.map((item) => item.id)).toEqual([2, 1]);
    state = agentChatState.withConversation(state, summary(1, '2026-01-01T12:00:00Z'));
    state = agentChatState.withConversation(state, summary(3, '2026-01-01T12:00:00Z'));
    expect(state.conversations.map((item) => item.id)).toEqual([3, 1, 2]);
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
