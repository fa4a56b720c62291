/** When an agent's rooms go back to the bot (issue #29): the grace period counts from their last closed connection. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_AGENT_GRACE_MS } from '../../../shared/constants';
import { createHandBackTimers } from '../../../server/chat/hand-back-timers';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const setUp = () => {
  const released: number[] = [];
  const timers = createHandBackTimers({ graceMs: CHAT_AGENT_GRACE_MS, release: (agentId) => released.push(agentId) });
  return { released, timers };
};

describe('hand-back timers', () => {
  it('give an agent a full minute with no staff tab before their rooms go back', () => {
    const { released, timers } = setUp();
    timers.left(7);
    vi.advanceTimersByTime(59_999);
    expect(released).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(released).toEqual([7]);
    expect(timers.pending(7)).toBe(false);
  });

  it('owe nothing when the agent comes back inside the minute (a page change, a reload)', () => {
    const { released, timers } = setUp();
    timers.left(7);
    vi.advanceTimersByTime(50_000);
    timers.returned(7);
    vi.advanceTimersByTime(10 * 60_000);
    expect(released).toEqual([]);
  });

  it('count the minute from the last close, not the first', () => {
    const { released, timers } = setUp();
    timers.left(7);
    vi.advanceTimersByTime(40_000);
    timers.returned(7);
    vi.advanceTimersByTime(10_000);
    timers.left(7);
    vi.advanceTimersByTime(59_000);
    expect(released).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(released).toEqual([7]);
  });

  it("keep each agent's timer apart, release at once on logout, and stop on close", () => {
    const { released, timers } = setUp();
    timers.left(7);
    timers.left(8);
    timers.returned(8);
    timers.left(9, 0);
    vi.advanceTimersByTime(0);
    expect(released).toEqual([9]);
    timers.close();
    // The closes that closing the server causes owe nothing either.
    timers.left(8);
    vi.advanceTimersByTime(120_000);
    expect(released).toEqual([9]);
  });
});
