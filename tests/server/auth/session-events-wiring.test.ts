/**
 * Issue #12: session-change events belong to one app. A log-out over HTTP ends that session's chat
 * socket on the same server, and tells no other app in the process.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../server/auth/password';
import { users } from '../../../server/data/users';
import { createHttpClient } from '../../helpers/auth-http';
import { connected, startChatHarness, type ChatHarness } from '../../helpers/socket-harness';
import { startTestServer } from '../../helpers/test-server';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('session events per app', () => {
  it('logging out over HTTP disconnects that session’s agent socket (createApp and attachChat share the events)', async () => {
    const h: ChatHarness = await startChatHarness();
    cleanups.push(() => h.close());
    const agent = await h.userSession('agent');
    const socket = h.agentSocket({ cookie: agent.cookie, reconnection: false });
    await connected(socket);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const browser = createHttpClient(h.baseUrl);
    const [name, token] = agent.cookie.split('=') as [string, string];
    browser.jar.set(name, token);
    expect(await browser.client.auth.logOut.mutate()).toEqual({ status: 'logged-out' });
    expect(await gone).toBe('io server disconnect');
  });

  it('a log-out in one app is not announced to another app in the same process', async () => {
    const [first, second] = [await startTestServer(), await startTestServer()];
    cleanups.push(
      () => first.close(),
      () => second.close(),
    );
    const heard = { first: 0, second: 0 };
    first.sessionEvents.onSessionsInvalidated(() => (heard.first += 1));
    second.sessionEvents.onSessionsInvalidated(() => (heard.second += 1));

    const password = 'Zobo-with-ginger-12';
    await users.create(first.db, {
      email: 'sade@example.ng',
      fullName: 'Sade Adu',
      passwordHash: await hashPassword(password),
      confirmed: true,
    });
    const browser = createHttpClient(first.baseUrl);
    await browser.client.auth.logIn.mutate({ email: 'sade@example.ng', password });
    await browser.client.auth.logOut.mutate();
    expect(heard).toEqual({ first: 1, second: 0 });
  });

  it('each app has its own log-in limits', async () => {
    const [first, second] = [await startTestServer(), await startTestServer()];
    cleanups.push(
      () => first.close(),
      () => second.close(),
    );
    const attempt = (server: typeof first) =>
      createHttpClient(server.baseUrl)
        .client.auth.logIn.mutate({ email: 'nobody@example.ng', password: 'wrong-password-1' })
        .catch((error: { data?: { httpStatus: number } }) => error.data?.httpStatus);
    for (let index = 0; index < 5; index++) expect(await attempt(first)).toBe(401);
    expect(await attempt(first)).toBe(429);
    expect(await attempt(second)).toBe(401);
  });
});
