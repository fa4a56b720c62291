// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentPresence, CannedReply, ConversationSummary } from '../../../../shared/chat-events';
import { CannedRepliesEditor } from '../../../../client/features/agent/canned-replies/canned-replies-editor';
import {
  ConversationActions,
  type RoomActions,
} from '../../../../client/features/agent/conversation/conversation-actions';
import { ConversationList } from '../../../../client/features/agent/conversations/conversation-list';
import { ReplyForm } from '../../../../client/features/agent/conversation/reply-form';
import { conversationSummary } from './summary-fixture';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Runs `fn` inside act() and lets the answers it waits for (promises) settle. */
const settle = (fn: () => unknown) =>
  act(async () => {
    fn();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

afterEach(() => cleanup());

const ME = { id: 1, name: 'Chidi Okoro' };
const TEAM: AgentPresence[] = [
  { ...ME, status: 'online' },
  { id: 2, name: 'Ada Obi', status: 'away' },
];
const REPLIES: CannedReply[] = [
  { id: 1, title: 'Greeting', body: 'Thank you for waiting. How can I help you today?' },
  { id: 2, title: 'Booking', body: 'You can book a virtual consultation from our Services page.' },
];

const summary = (id: number, extra: Partial<ConversationSummary> = {}) =>
  conversationSummary(id, {
    currentPage: '/contact',
    lastMessage: { sender: 'user', preview: 'Hello', createdAt: '2026-01-01T10:00:00Z' },
    ...extra,
  });

/** axe's rules that jsdom can run (no layout: colour contrast and the like are the browser tests' job). */
async function expectNoAxeViolations(container: HTMLElement) {
  const result = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe('the reply box: "/" lists the canned replies', () => {
  const renderForm = () => {
    render(<ReplyForm joined cannedReplies={REPLIES} onSend={vi.fn(() => Promise.resolve(true))} onTyping={vi.fn()} />);
    return screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your reply' });
  };

  it('opens on "/", filters by title or text, moves with the arrows, inserts with Enter', async () => {
    const box = renderForm();
    fireEvent.change(box, { target: { value: '/' } });
    const list = screen.getByRole('listbox', { name: 'Canned replies' });
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      `Greeting${REPLIES[0]!.body}`,
      `Booking${REPLIES[1]!.body}`,
    ]);
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    await expectNoAxeViolations(document.body);

    fireEvent.change(box, { target: { value: '/help' } });
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe(REPLIES[0]!.body);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('closes on Escape until the text changes, and says when nothing matches', () => {
    const box = renderForm();
    fireEvent.change(box, { target: { value: '/book' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.change(box, { target: { value: '/boo' } });
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.change(box, { target: { value: '/zzz' } });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByText('No canned replies match. Press Escape to send your text as it is.')).toBeTruthy();
  });

  it('a "/" command after other text is replaced by the reply, never sent as text (issue #23)', async () => {
    const onSend = vi.fn(() => Promise.resolve(true));
    render(<ReplyForm joined cannedReplies={REPLIES} onSend={onSend} onTyping={vi.fn()} />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your reply' });
    const type = (value: string) => fireEvent.change(box, { target: { value, selectionStart: value.length } });

    type('Hello Ada, /book');
    expect(within(screen.getByRole('listbox', { name: 'Canned replies' })).getAllByRole('option')).toHaveLength(1);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe(`Hello Ada, ${REPLIES[1]!.body}`);
    expect(box.selectionStart).toBe(box.value.length);
    expect(onSend).not.toHaveBeenCalled();
    await settle(() => fireEvent.keyDown(box, { key: 'Enter' }));
    expect(onSend).toHaveBeenCalledWith(`Hello Ada, ${REPLIES[1]!.body}`);

    // Nothing matches: Enter and Send wait; Escape closes the list, then the text goes as typed.
    type('Thanks /zzz');
    expect(screen.getByText('No canned replies match. Press Escape to send your text as it is.')).toBeTruthy();
    await settle(() => fireEvent.keyDown(box, { key: 'Enter' }));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Send reply' })));
    expect(onSend).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(box, { key: 'Escape' });
    await settle(() => fireEvent.keyDown(box, { key: 'Enter' }));
    expect(onSend).toHaveBeenLastCalledWith('Thanks /zzz');

    // A slash inside a word, or a query with spaces that matches nothing, is ordinary text.
    type('and/or see /contact and call us');
    expect(screen.queryByRole('listbox')).toBeNull();
    await settle(() => fireEvent.keyDown(box, { key: 'Enter' }));
    expect(onSend).toHaveBeenLastCalledWith('and/or see /contact and call us');
  });

  it('keeps the "Canned reply" picker, sourced from the server list', () => {
    const box = renderForm();
    fireEvent.change(screen.getByRole('combobox', { name: 'Canned reply' }), { target: { value: '2' } });
    expect(box.value).toBe(REPLIES[1]!.body);
  });
});

describe('the conversation actions', () => {
  const actions = (overrides: Partial<RoomActions> = {}): RoomActions => ({
    join: vi.fn(() => Promise.resolve({ ok: true as const, conversation: summary(4) })),
    leave: vi.fn(() => Promise.resolve({ ok: true as const, conversation: summary(4) })),
    assign: vi.fn(() => Promise.resolve({ ok: true as const, conversation: summary(4) })),
    setStatus: vi.fn(() => Promise.resolve({ ok: true as const, conversation: summary(4) })),
    requestTransfer: vi.fn(() => Promise.resolve({ ok: true as const })),
    emailTranscript: vi.fn(() => Promise.resolve({ ok: true as const, sentTo: 'ada@example.com' })),
    ...overrides,
  });
  /** Actions whose Join is refused: Ada Obi holds the room. */
  const heldByAdaActions = () =>
    actions({
      join: vi.fn(() =>
        Promise.resolve({
          ok: false as const,
          error: { code: 'ALREADY_CLAIMED' as const, message: 'Taken.', holder: { id: 2, name: 'Ada Obi' } },
        }),
      ),
    });

  it('offers "Ask to transfer" when a colleague holds the room, then says it asked', async () => {
    const room = heldByAdaActions();
    const { container } = render(
      <ConversationActions
        conversation={summary(4, { assignedAgent: { id: 2, name: 'Ada Obi' } })}
        meId={ME.id}
        team={TEAM}
        actions={room}
      />,
    );
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Join (Ada Obi has it)' })));
    expect(screen.getByRole('alert').textContent).toBe('Ada Obi has this conversation.');
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Ask to transfer' })));
    expect(room.requestTransfer).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toBe('Asked Ada Obi to transfer it to you.');
    expect(screen.queryByRole('button', { name: 'Ask to transfer' })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("drops 'Asked … to transfer it to you.' once the transfer is done (issue #23)", async () => {
    const room = heldByAdaActions();
    const heldByAda = summary(4, { assignedAgent: { id: 2, name: 'Ada Obi' } });
    const { rerender } = render(
      <ConversationActions conversation={heldByAda} meId={ME.id} team={TEAM} actions={room} />,
    );
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Join (Ada Obi has it)' })));
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Ask to transfer' })));
    expect(screen.getByRole('status').textContent).toBe('Asked Ada Obi to transfer it to you.');

    // Ada transfers it: the room is the agent's now.
    rerender(
      <ConversationActions
        conversation={summary(4, { assignedAgent: { id: ME.id, name: ME.name } })}
        meId={ME.id}
        team={TEAM}
        actions={room}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(screen.getByRole('button', { name: 'Leave (hand back to the bot)' })).toBeTruthy();
  });

  it("drops 'Ask to transfer' and the holder's name once a colleague takes the room over", async () => {
    const room = heldByAdaActions();
    const { rerender } = render(
      <ConversationActions
        conversation={summary(4, { assignedAgent: { id: 2, name: 'Ada Obi' } })}
        meId={ME.id}
        team={TEAM}
        actions={room}
      />,
    );
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Join (Ada Obi has it)' })));
    expect(screen.getByRole('alert').textContent).toBe('Ada Obi has this conversation.');
    rerender(
      <ConversationActions
        conversation={summary(4, { assignedAgent: { id: 3, name: 'Bola Ade' } })}
        meId={ME.id}
        team={TEAM}
        actions={room}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Ask to transfer' })).toBeNull();
  });

  it.each([
    ['open', ['Resolve', 'Mark pending']],
    ['pending', ['Resolve', 'Reopen']],
    ['resolved', ['Reopen']],
  ] as const)('shows the status buttons of a %s conversation', (status, buttons) => {
    render(<ConversationActions conversation={summary(4, { status })} meId={ME.id} team={TEAM} actions={actions()} />);
    for (const name of ['Resolve', 'Mark pending', 'Reopen'])
      expect(Boolean(screen.queryByRole('button', { name })), name).toBe((buttons as readonly string[]).includes(name));
  });

  it('assigns to a colleague from "Assign to" (with presence) and e-mails the transcript', async () => {
    const room = actions();
    render(<ConversationActions conversation={summary(4)} meId={ME.id} team={TEAM} actions={room} />);
    const select = screen.getByRole('combobox', { name: 'Assign to' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a colleague…', 'Chidi Okoro (online)', 'Ada Obi (away)']);
    fireEvent.change(select, { target: { value: '2' } });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Assign' })));
    expect(room.assign).toHaveBeenCalledWith(2);
    expect(screen.getByRole('status').textContent).toBe('Assigned to Ada Obi.');
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'E-mail transcript' })));
    expect(screen.getByRole('status').textContent).toBe('Transcript sent to ada@example.com');
    expect(screen.getByRole('link', { name: 'Download transcript' }).getAttribute('href')).toBe(
      '/staff/chats/4/transcript.txt',
    );
  });
});

describe('the conversation list', () => {
  it('shows the views with their counts (aria-pressed), urgent rows first with the word "Urgent"', async () => {
    const onView = vi.fn();
    const onSearch = vi.fn();
    const { container } = render(
      <ConversationList
        conversations={[summary(2, { urgent: true }), summary(1, { status: 'pending', unreadCount: 3 })]}
        view="open"
        search=""
        counts={{ mine: 1, unassigned: 2, open: 5, resolved: 7 }}
        loading={false}
        selectedId={null}
        typing={[]}
        now={Date.parse('2026-01-01T10:00:00Z')}
        meId={ME.id}
        headingRef={{ current: null }}
        onView={onView}
        onSearch={onSearch}
        onOpen={vi.fn()}
      />,
    );
    const views = within(screen.getByRole('group', { name: 'Views' })).getAllByRole('button');
    expect(views.map((button) => [button.textContent, button.getAttribute('aria-pressed')])).toEqual([
      ['Mine (1)', 'false'],
      ['Unassigned (2)', 'false'],
      ['All open (5)', 'true'],
      ['Resolved (7)', 'false'],
    ]);
    fireEvent.click(views[3]!);
    expect(onView).toHaveBeenCalledWith('resolved');
    const rows = screen.getAllByRole('button', { name: /Visitor #/ });
    expect(rows[0]!.textContent).toContain('Urgent');
    expect(rows[0]!.className).toContain('app-agent__item--urgent');
    expect(rows[1]!.textContent).toContain('Status: Pending');
    expect(rows[1]!.textContent).toContain('3 unread');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search conversations' }), {
      target: { value: 'Lekki' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('Lekki');
    await expectNoAxeViolations(container);
  });
});

describe('the canned replies editor (admins)', () => {
  it('shows errors next to the field they name, and saves a valid reply', async () => {
    const onSave = vi.fn(() =>
      Promise.resolve({ ok: true as const, reply: { id: 3, title: 'Hours', body: 'We open at 8.' } }),
    );
    const { container } = render(<CannedRepliesEditor replies={REPLIES} onSave={onSave} onDelete={vi.fn()} />);
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(onSave).not.toHaveBeenCalled();
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toBe('Error: Enter a title.');
    const body = screen.getByRole('textbox', { name: 'Reply' });
    expect(document.getElementById(body.getAttribute('aria-describedby')!)?.textContent).toBeTruthy();
    await expectNoAxeViolations(container);

    fireEvent.change(title, { target: { value: 'Hours' } });
    fireEvent.change(body, { target: { value: 'We open at 8.' } });
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(onSave).toHaveBeenCalledWith({ title: 'Hours', body: 'We open at 8.' });
    expect(screen.getByRole('status').textContent).toBe('Added “Hours”.');

    fireEvent.click(screen.getByRole('button', { name: 'Edit Booking' }));
    expect((title as HTMLInputElement).value).toBe('Booking');
    expect(screen.getByRole('heading', { name: 'Edit “Booking”' })).toBeTruthy();
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(onSave).toHaveBeenLastCalledWith({ id: 2, title: 'Booking', body: REPLIES[1]!.body });
  });
});
