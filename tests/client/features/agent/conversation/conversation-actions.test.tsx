// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConversationActions,
  type RoomActions,
} from '../../../../../client/features/agent/conversation/conversation-actions';
import { settle, ME, TEAM, summary, expectNoAxeViolations } from '../parts-fixture';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => cleanup());

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
    render(
      <ConversationActions
        conversation={summary(4, { transcriptEmail: 'ada@example.com' })}
        meId={ME.id}
        team={TEAM}
        actions={room}
      />,
    );
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

  it("turns 'E-mail transcript' off, saying why, when no address is known", () => {
    const room = actions();
    render(<ConversationActions conversation={summary(5)} meId={ME.id} team={TEAM} actions={room} />);
    const button = screen.getByRole('button', { name: 'E-mail transcript' });
    expect(button).toHaveProperty('disabled', true);
    const reason = document.getElementById(button.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toBe(
      'E-mail transcript is off: no e-mail address is known for this visitor. Add one under Contact details.',
    );
    fireEvent.click(button);
    expect(room.emailTranscript).not.toHaveBeenCalled();
  });
});
