import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChatTimers } from '../../../../client/features/chat/chat-timers';

describe("createChatTimers (the visitor chat client's delayed tasks)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs a task after its delay, and none once stopped', () => {
    vi.useFakeTimers();
    const timers = createChatTimers();
    const ran: string[] = [];
    timers.later(100, () => ran.push('first'));
    timers.later(300, () => ran.push('second'));
    vi.advanceTimersByTime(150);
    expect(ran).toEqual(['first']);
    expect(timers.stopped()).toBe(false);
    timers.stopAll();
    expect(timers.stopped()).toBe(true);
    timers.later(10, () => ran.push('after stop'));
    vi.advanceTimersByTime(1000);
    expect(ran).toEqual(['first']);
  });
});
