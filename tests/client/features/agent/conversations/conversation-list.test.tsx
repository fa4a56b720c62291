// @vitest-environment jsdom
import type { ComponentProps } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConversationList } from '../../../../../client/features/agent/conversations/conversation-list';
import { ME, settle, summary, expectNoAxeViolations } from '../parts-fixture';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => cleanup());

/** The list with quiet defaults: no counts, nothing selected or typing, every handler a mock. */
const renderList = (props: Partial<ComponentProps<typeof ConversationList>>) =>
  render(
    <ConversationList
      conversations={[summary(1)]}
      view="open"
      search=""
      counts={null}
      loading={false}
      selectedId={null}
      typing={[]}
      now={Date.parse('2026-01-01T10:00:00Z')}
      meId={ME.id}
      headingRef={{ current: null }}
      onView={vi.fn()}
      onSearch={vi.fn()}
      onOpen={vi.fn()}
      {...props}
    />,
  );

describe('the conversation list', () => {
  it('shows the views with their counts (aria-pressed), urgent rows first with the word "Urgent"', async () => {
    const onView = vi.fn();
    const onSearch = vi.fn();
    const { container } = renderList({
      conversations: [summary(2, { urgent: true }), summary(1, { status: 'pending', unreadCount: 3 })],
      counts: { mine: 1, unassigned: 2, open: 5, resolved: 7 },
      onView,
      onSearch,
    });
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
    // The form kit runs a submit's work once its (here empty) check code has loaded: a microtask later.
    await settle(() => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    expect(onSearch).toHaveBeenCalledWith('Lekki');
    await expectNoAxeViolations(container);
  });

  it('clears an applied search with "Clear search": the whole view again, the focus in the box', () => {
    const onSearch = vi.fn();
    renderList({ search: 'Lekki', onSearch });
    const box = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search conversations' });
    expect(box.value).toBe('Lekki');
    expect(screen.getByRole('status').textContent).toBe('1 conversation matches “Lekki” in All open.');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onSearch).toHaveBeenCalledWith('');
    expect(box.value).toBe('');
    expect(document.activeElement).toBe(box);
  });
});
