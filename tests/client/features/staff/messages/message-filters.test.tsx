// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageFilters } from '../../../../../client/features/staff/messages/message-filters';
import type { MessageFilter } from '../../../../../shared/messaging/staff-messages';
import { expectNoAxeViolations } from '../../agent/parts-fixture';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => cleanup());

/** The page's part: the filter lives above the form (in the URL there), and comes back to it. */
function Page({ initial, seen }: { initial: MessageFilter; seen: (filter: MessageFilter, typing?: boolean) => void }) {
  const [filter, setFilter] = useState(initial);
  return (
    <MessageFilters
      filter={filter}
      onChange={(next, typing) => {
        seen(next, typing);
        setFilter(next);
      }}
    />
  );
}

describe("the Messages page's filters", () => {
  it('apply each choice at once, with no button to press', async () => {
    const seen = vi.fn();
    const { container } = render(<Page initial={{}} seen={seen} />);
    expect(screen.getByRole('search', { name: 'Filter messages' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Channel' }), { target: { value: 'whatsapp' } });
    expect(seen).toHaveBeenLastCalledWith({ channel: 'whatsapp' }, undefined);
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'failed' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Template' }), { target: { value: 'staff_message' } });
    expect(seen).toHaveBeenLastCalledWith(
      { channel: 'whatsapp', status: 'failed', template: 'staff_message' },
      undefined,
    );
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('applies the number as it is typed, keeping its spaces in the box', () => {
    const seen = vi.fn();
    render(<Page initial={{ channel: 'sms' }} seen={seen} />);
    const number = screen.getByRole<HTMLInputElement>('searchbox', { name: /Number/ });
    fireEvent.change(number, { target: { value: '0803 ' } });
    expect(seen).toHaveBeenLastCalledWith({ channel: 'sms', recipient: '0803' }, true);
    expect(number.value).toBe('0803 ');
  });

  it('clears every filter, the number too', () => {
    const seen = vi.fn();
    render(<Page initial={{ status: 'queued', recipient: '0803' }} seen={seen} />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(seen).toHaveBeenLastCalledWith({}, undefined);
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: /Number/ }).value).toBe('');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Status' }).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });
});
