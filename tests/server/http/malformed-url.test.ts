/** Issue #11.8: malformed percent-encoding in any URL gets 400, never 500. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatHarness } from '../../helpers/socket-harness';
import { startTestServer } from '../../helpers/test-server';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ withSite: true });
}, 60_000);
afterAll(() => server.close());

const status = async (baseUrl: string, path: string, init: RequestInit = {}) =>
  (await fetch(`${baseUrl}${path}`, { redirect: 'manual', ...init })).status;

describe('malformed percent-encoding', () => {
  it.each([
    ['a page path', '/%E0%A4%A'],
    ['a nested page path', '/services/%E0%A4%A'],
    ['a tRPC path', '/trpc/%E0%A4%A'],
    ['a tRPC input', '/trpc/health.check?input=%E0%A4%A'],
    ['an asset path', '/assets/%E0%A4%A.js'],
    ['the health check', '/healthz?x=%'],
    ['a lone percent sign', '/%'],
  ])('in %s gets 400', async (_what, path) => {
    expect(await status(server.baseUrl, path)).toBe(400);
  });

  it('still sends the security headers with the 400', async () => {
    const response = await fetch(`${server.baseUrl}/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('gets 400 on a form post too', async () => {
    expect(
      await status(server.baseUrl, '/trpc/forms.%E0%A4%A', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.baseUrl },
        body: '{}',
      }),
    ).toBe(400);
  });

  it('leaves well-formed encoding alone', async () => {
    expect(await status(server.baseUrl, '/%E0%A4%A4')).toBe(404);
    expect(await status(server.baseUrl, '/healthz?x=%25')).toBe(200);
  });

  it('never gets a 5xx on the socket path', async () => {
    const chat = await startChatHarness();
    try {
      for (const path of ['/socket.io/%E0%A4%A', '/socket.io/?EIO=4&transport=polling&t=%E0%A4%A']) {
        expect(await status(chat.baseUrl, path)).toBeLessThan(500);
      }
    } finally {
      await chat.close();
    }
  });
});
