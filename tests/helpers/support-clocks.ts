import type { SupportClock } from '../../server/chat/chat-service';

/** Test servers' default: the team is in, whatever the hour the suite runs at (out-of-hours tests pass their own). */
export const ALWAYS_OPEN: SupportClock = { isOpen: () => true, backAt: () => 'tomorrow at 08:00' };
export const ALWAYS_CLOSED: SupportClock = { isOpen: () => false, backAt: () => 'on Monday at 08:00' };
