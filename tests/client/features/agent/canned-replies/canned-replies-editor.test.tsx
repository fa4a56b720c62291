// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CannedRepliesEditor } from '../../../../../client/features/agent/canned-replies/canned-replies-editor';
import { settle, REPLIES, expectNoAxeViolations } from '../parts-fixture';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => cleanup());

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
