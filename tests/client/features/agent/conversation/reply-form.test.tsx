// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReplyForm } from '../../../../../client/features/agent/conversation/reply-form';
import { settle, REPLIES, expectNoAxeViolations } from '../parts-fixture';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => cleanup());

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
