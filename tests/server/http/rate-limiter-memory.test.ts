/**
 * The in-memory limiter's window edge and its memory (issue #25): an attempt counts for exactly `windowMs`; a key is
 * forgotten once its attempts have expired (by its own next call, or by the sweep that runs once per window over every
 * key) and kept while one is live; and a busy key drops its expired times in batches, never holding more than 64 of
 * them or more than it holds live ones. The clock is injected, so every step is at an exact time.
 */
import { describe, expect, it } from 'vitest';
import { createRateLimiter, fromMemory } from '../../../server/http/rate-limiter';

/** A limiter on a clock the test sets. */
function atTimes(limit: number, windowMs: number) {
  let now = 0;
  const limiter = createRateLimiter({ limit, windowMs, now: () => now });
  const at = (time: number) => {
    now = time;
    return limiter;
  };
  return { limiter, at };
}

describe('the in-memory limiter’s window', () => {
  it('counts an attempt for exactly `windowMs`: refused 1 ms before, allowed at the edge', () => {
    const { limiter, at } = atTimes(1, 1000);
    expect(at(0).hit('ip').allowed).toBe(true);
    const policy = { limit: 1, windowSeconds: 1 };
    expect(at(999).hit('ip')).toEqual({ allowed: false, retryAfterSeconds: 1, remaining: 0, policy });
    expect(at(1000).check('ip')).toEqual({ allowed: true, remaining: 1 });
    expect(limiter.hit('ip')).toEqual({ allowed: true, remaining: 0 });
  });
});

describe('the in-memory limiter’s memory', () => {
  it('forgets keys whose attempts have expired, once per window for all of them, and keeps live ones', () => {
    const { limiter, at } = atTimes(5, 1000);
    at(0).hit('a');
    at(500).hit('b');
    at(999).hit('c');
    expect(limiter.held()).toEqual({ keys: 3, times: 3 });
    // A window after the limiter started: the sweep drops 'a' (made at 0, out of the window now) though nobody asked.
    at(1000).hit('d');
    expect(limiter.held()).toEqual({ keys: 3, times: 3 });
    // Half a window later 'b' has expired too, but the next sweep is not due: it stays until then or its own next call.
    at(1500).hit('e');
    expect(limiter.held()).toEqual({ keys: 4, times: 4 });
    expect(limiter.check('b')).toEqual({ allowed: true, remaining: 5 });
    expect(limiter.held()).toEqual({ keys: 3, times: 3 });
    // The next sweep, a window after the last: 'c' and 'd' go, 'e' (made at 1500) is live and stays with its count.
    at(2000).hit('f');
    expect(limiter.held()).toEqual({ keys: 2, times: 2 });
    expect(limiter.check('e')).toEqual({ allowed: true, remaining: 4 });
  });

  it('forgets a key whose only attempt was given back, and one that was reset', () => {
    const { limiter, at } = atTimes(3, 1000);
    at(0).hit('released');
    at(0).hit('reset');
    at(0).hit('kept');
    limiter.release('released');
    limiter.reset('reset');
    expect(limiter.held()).toEqual({ keys: 1, times: 1 });
    limiter.release('kept');
    expect(limiter.held()).toEqual({ keys: 0, times: 0 });
  });

  it('drops a busy key’s expired times once there are more than 64 and more than its live ones, counting on exactly', () => {
    const { limiter, at } = atTimes(1000, 1000);
    for (let time = 0; time < 200; time++) at(time).hit('ip');
    // At 1150 the attempts made at 0-150 have left the window: 151 expired, 49 live, and this attempt.
    expect(at(1150).hit('ip')).toEqual({ allowed: true, remaining: 1000 - 50 });
    expect(limiter.held()).toEqual({ keys: 1, times: 50 });
    // After the copy the count goes on from the live attempts alone: 1 ms later the one made at 151 has left too.
    expect(at(1151).check('ip')).toEqual({ allowed: true, remaining: 1000 - 49 });
  });

  it('keeps up to 64 expired times rather than copying the array for them', () => {
    const { limiter, at } = atTimes(1000, 1000);
    for (let time = 0; time < 100; time++) at(time).hit('ip');
    // At 1063 the attempts made at 0-63 have left: 64 expired, not more than 64, so they are only skipped.
    expect(at(1063).hit('ip')).toEqual({ allowed: true, remaining: 1000 - 37 });
    expect(limiter.held()).toEqual({ keys: 1, times: 101 });
  });

  it('keeps expired times while they are no more than the live ones', () => {
    const { limiter, at } = atTimes(1000, 1000);
    for (let time = 0; time < 200; time++) at(time).hit('ip');
    // At 1099 the attempts made at 0-99 have left: 100 expired and 100 live, half and half, so nothing is copied.
    expect(at(1099).hit('ip')).toEqual({ allowed: true, remaining: 1000 - 101 });
    expect(limiter.held()).toEqual({ keys: 1, times: 201 });
  });
});

describe('the in-memory limiter behind the asynchronous face', () => {
  it('gives back and clears through it as it does directly', async () => {
    const limiter = fromMemory(createRateLimiter({ limit: 1, windowMs: 60_000 }));
    expect(await limiter.hit('ip')).toEqual({ allowed: true, remaining: 0 });
    await limiter.release('ip');
    expect(await limiter.check('ip')).toEqual({ allowed: true, remaining: 1 });
    expect((await limiter.hit('ip')).allowed).toBe(true);
    await limiter.reset('ip');
    expect(await limiter.hit('ip')).toEqual({ allowed: true, remaining: 0 });
    expect(limiter.policy).toEqual({ limit: 1, windowSeconds: 60 });
  });
});
