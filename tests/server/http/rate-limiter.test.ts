import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../server/http/rate-limiter';

describe('createRateLimiter', () => {
  it('allows `limit` attempts per window per key, then says when to retry', () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: () => now });
    expect([1, 2, 3].map(() => limiter.hit('a').allowed)).toEqual([true, true, true]);
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(limiter.hit('b').allowed).toBe(true);
    now += 30_000;
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    now += 30_001;
    expect(limiter.hit('a').allowed).toBe(true);
  });

  it('check does not count and reset clears a key', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000 });
    expect(limiter.check('k').allowed).toBe(true);
    expect(limiter.hit('k').allowed).toBe(true);
    expect(limiter.check('k').allowed).toBe(false);
    limiter.reset('k');
    expect(limiter.hit('k').allowed).toBe(true);
  });
});
