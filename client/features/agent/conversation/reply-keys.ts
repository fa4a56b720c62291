import type { KeyboardEvent } from 'react';
import type { CannedReply } from '../../../../shared/chat-events';
import type { CannedCommandState } from './use-canned-command';

/**
 * The reply box's keys: with the '/' list open, Escape closes it, the arrows move, Enter inserts (or waits when
 * nothing matches); otherwise Enter sends and Shift+Enter makes a new line.
 */
export function replyKeyDown(
  event: KeyboardEvent<HTMLTextAreaElement>,
  command: Pick<CannedCommandState, 'open' | 'expanded' | 'matches' | 'activeIndex' | 'setActive' | 'dismiss'>,
  actions: { insert: (reply: CannedReply) => void; send: () => void },
) {
  const { open, expanded, matches, activeIndex } = command;
  if (event.nativeEvent.isComposing) return;
  if (open && event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    command.dismiss();
    return;
  }
  if (expanded && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
    event.preventDefault();
    const step = event.key === 'ArrowDown' ? 1 : -1;
    command.setActive((activeIndex + step + matches.length) % matches.length);
    return;
  }
  if (open && event.key === 'Enter' && !event.shiftKey) {
    event.preventDefault();
    if (expanded) actions.insert(matches[activeIndex]!);
    return;
  }
  if (event.key === 'Enter' && !event.shiftKey) {
    event.preventDefault();
    actions.send();
  }
}
