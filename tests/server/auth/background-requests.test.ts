/**
 * Issue #24.3: the idle limit means idle. The staff app's poll of the New count (sent with the background header) must
 * not keep a staff session alive; a person's request does. The 2 hours are written out here, not taken from session.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKGROUND_REQUEST_HEADER } from '../../../shared/background-request';
import { LOG_IN_REQUIRED_MESSAGE } from '../../../shared/messages/auth-messages';
import { createHttpClient, trpcError } from '../../helpers/auth-http';
import { createSignedInUser } from '../../helpers/socket-harness';
import { startTestServer } from '../../helpers/test-server';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = new Date('2026-03-02T08:00:00Z').getTime();

let close: () => Promise<void>;
afterEach(async () => {
  vi.useRealTimers();
  await close();
});

/** An agent signed in at START; the clock is faked (only Date), so `at` moves it. */
async function agentSignedIn() {
  vi.useFakeTimers({ toFake: ['Date'], now: START });
  const server = await startTestServer();
  close = server.close;
  const agent = await createSignedInUser(server.db, server.env, 'agent', 'Yemi Alade');
  const [name, token] = agent.cookie.split('=') as [string, string];
  const browser = (headers: Record<string, string> = {}) => {
    const client = createHttpClient(server.baseUrl, { headers });
    client.jar.set(name, token);
    return client.client;
  };
  return {
    poll: browser({ [BACKGROUND_REQUEST_HEADER]: '1' }),
    person: browser(),
    at: (ms: number) => vi.setSystemTime(START + ms),
  };
}

describe('background requests and the 2-hour idle limit', () => {
  it('the New-count poll every 2 minutes does not keep a staff session alive', async () => {
    const { poll, at } = await agentSignedIn();
    for (let minutes = 2; minutes < 120; minutes += 2) {
      at(minutes * MINUTE);
      expect(await poll.staff.newCount.query(), `at ${minutes} min`).toBe(0);
    }
    at(2 * HOUR + 1000);
    const refused = await trpcError(poll.staff.newCount.query());
    expect(refused.data.code).toBe('UNAUTHORIZED');
    expect(refused.message).toBe(LOG_IN_REQUIRED_MESSAGE);
  });

  it('a person’s request keeps it for 2 more hours', async () => {
    const { poll, person, at } = await agentSignedIn();
    at(HOUR);
    expect(await person.staff.me.query()).toMatchObject({ fullName: 'Yemi Alade', role: 'agent' });
    at(2 * HOUR + 1000);
    expect(await poll.staff.newCount.query()).toBe(0);
    at(3 * HOUR + 1000);
    expect((await trpcError(poll.staff.newCount.query())).data.code).toBe('UNAUTHORIZED');
  });
});
