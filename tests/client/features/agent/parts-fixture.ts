/** What the agent console's part tests share: act() with settling, a team, canned replies, summaries, axe. */
import axe from 'axe-core';
import type { AgentPresence, CannedReply, ConversationSummary } from '../../../../shared/chat-events';
import { conversationSummary } from './summary-fixture';
import { expect } from 'vitest';

export { settle } from '../../../helpers/settle';

export const ME = { id: 1, name: 'Chidi Okoro' };
export const TEAM: AgentPresence[] = [
  { ...ME, status: 'online' },
  { id: 2, name: 'Ada Obi', status: 'away' },
];
export const REPLIES: CannedReply[] = [
  { id: 1, title: 'Greeting', body: 'Thank you for waiting. How can I help you today?' },
  { id: 2, title: 'Booking', body: 'You can book a virtual consultation from our Services page.' },
];

export const summary = (id: number, extra: Partial<ConversationSummary> = {}) =>
  conversationSummary(id, {
    currentPage: '/contact',
    lastMessage: { sender: 'user', preview: 'Hello', createdAt: '2026-01-01T10:00:00Z' },
    ...extra,
  });

/** axe's rules that jsdom can run (no layout: colour contrast and the like are the browser tests' job). */
export async function expectNoAxeViolations(container: HTMLElement) {
  const result = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}
