// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  fetchServerMarkup,
  SERVER_CONTENT_CACHE_LIMITS,
  serverContentCacheSizes,
} from '../../../client/rendering/server-content';

afterEach(() => vi.unstubAllGlobals());

describe('the server-content cache (issue #15: bounded)', () => {
  it('keeps at most a few parsed pages and a bounded number of blocks, however many pages a visit sees', async () => {
    // jsdom has no CSS.escape; these ids need no escaping.
    vi.stubGlobal('CSS', { escape: (value: string) => value });
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        fetched.push(url);
        return Promise.resolve(
          new Response(
            `<html><head><title>${url}</title></head><body><div data-server-content="main">Page ${url}</div></body></html>`,
          ),
        );
      }),
    );
    for (let index = 0; index < 120; index++) {
      const markup = await fetchServerMarkup(`/blog/post-${index}`, 'main');
      expect(markup.html).toBe(`Page /blog/post-${index}`);
    }
    const sizes = serverContentCacheSizes();
    expect(sizes.pages).toBeLessThanOrEqual(SERVER_CONTENT_CACHE_LIMITS.pages);
    expect(sizes.blocks).toBeLessThanOrEqual(SERVER_CONTENT_CACHE_LIMITS.blocks);
    // A recent block is served from the cache (same promise, no new request); an old one is fetched again.
    expect(fetchServerMarkup('/blog/post-119', 'main')).toBe(fetchServerMarkup('/blog/post-119', 'main'));
    const before = fetched.length;
    await fetchServerMarkup('/blog/post-0', 'main');
    expect(fetched.length).toBe(before + 1);
  });
});
