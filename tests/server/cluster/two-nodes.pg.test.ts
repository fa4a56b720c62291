/**
 * Two app nodes (issue #16.4): the compiled server started twice against one PostgreSQL database and one Redis, behind
 * the proxy of server/tools/cluster.ts (round-robin for HTTP, sticky by cookie for Socket.IO). Chat both ways across
 * the nodes, the staff inbox live across them, the form and log-in limits counted once for both, and a node killed
 * with SIGKILL under a visitor who carries on on the other node with nothing lost.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocket, type AgentSocket, type StaffSocket, type VisitorSocket } from '../../../client/lib/socket';
import { createVisitorChatClient } from '../../../client/features/chat/visitor-chat-client';
import { hashPassword } from '../../../server/auth/password';
import { createVisitorIdentity } from '../../../server/chat/visitor-identity';
import { users } from '../../../server/data/users';
import { openAppDatabase } from '../../../server/db/app-database';
import { loadEnv } from '../../../server/env';
import {
  NODE_COOKIE,
  answers,
  createScratchDatabase,
  startAppNode,
  startStickyProxy,
  testPostgresUrl,
  testRedisUrl,
  type AppNode,
  type StickyProxy,
} from '../../../server/tools/cluster';
import type { ChatMessage } from '../../../shared/chat-events';
import { tooManyLogInsMessage } from '../../../shared/messages/auth-messages';
import type { InboxRow } from '../../../shared/requests';
import { LOGIN_FAILURES_PER_ACCOUNT } from '../../../server/auth/auth-limits';
import { human, validInput } from '../trpc/routers/forms-fixtures';
import { collect, connected, createSignedInUser } from '../../helpers/socket-harness';
import { waitFor } from '../../helpers/wait-for';

const FORMS_PER_MINUTE = 4;
const PASSWORD = 'correct horse battery staple 7';
const redisUrl = testRedisUrl();

let nodes: AppNode[] = [];
let proxy: StickyProxy;
let database: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
const sockets: { disconnect(): unknown }[] = [];
const dirs: string[] = [];
const secret = randomBytes(32).toString('base64url');
const testEnv = loadEnv({ NODE_ENV: 'test' });
let agentCookie = '';
let patientEmail = '';

beforeAll(async () => {
  // Not skipped when the engines are missing: CI runs them, and a run without them must not look green.
  if (!(await answers(testPostgresUrl()))) throw new Error(`PostgreSQL does not answer at ${testPostgresUrl()}`);
  if (!(await answers(redisUrl))) throw new Error(`Redis does not answer at ${redisUrl}`);
  database = await createScratchDatabase('cluster');
  const env = (index: number) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ilera-node-${index}-`));
    dirs.push(dataDir);
    return {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: database!.url,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `ilera-test-${process.pid}-${randomBytes(4).toString('hex')}:`,
      CHAT_COOKIE_SECRET: secret,
      TRUST_PROXY: '1',
      RATE_LIMIT_FORMS_PER_MINUTE: String(FORMS_PER_MINUTE),
      CHAT_MAX_CONNECTIONS_PER_IP: '100',
    };
  };
  // One after the other: the first applies the migrations (the second would wait on their lock anyway).
  const first = env(0);
  const second = { ...env(1), REDIS_KEY_PREFIX: first.REDIS_KEY_PREFIX };
  nodes.push(await startAppNode(0, first));
  nodes.push(await startAppNode(1, second));
  proxy = await startStickyProxy(nodes.map((node) => node.port));

  const { db } = openAppDatabase(loadEnv({ NODE_ENV: 'test', DATABASE_URL: database.url }));
  try {
    agentCookie = (await createSignedInUser(db, testEnv, 'agent', 'Ngozi Eze')).cookie;
    patientEmail = `patient-${randomUUID()}@example.com`;
    await users.create(db, {
      email: patientEmail,
      fullName: 'Adaeze Okafor',
      passwordHash: await hashPassword(PASSWORD),
      role: 'patient',
      confirmed: true,
    });
  } finally {
    await db.destroy();
  }
}, 90_000);

afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGKILL');
  await Promise.all(nodes.map((node) => node.exited));
  nodes = [];
  await proxy?.close();
  await database?.drop();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  // As long as the start: with the whole suite beside it, dropping the scratch database can take a while.
}, 90_000);

/** Socket.IO through the proxy, pinned to node `index` by the proxy's cookie (as a browser would carry it). */
function socketOn<T extends VisitorSocket | AgentSocket | StaffSocket>(
  kind: 'visitor' | 'agent' | 'staff',
  index: number,
  cookie: string,
): T {
  const socket = createSocket(kind as 'visitor', {
    origin: proxy.baseUrl,
    forceNew: true,
    transports: ['websocket'],
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
    extraHeaders: { cookie: `${NODE_COOKIE}=${index}; ${cookie}`, origin: proxy.baseUrl },
  }) as unknown as T;
  sockets.push(socket);
  return socket;
}

const newVisitorCookie = () => {
  const identity = createVisitorIdentity(testEnv, secret);
  return `${identity.cookieName}=${identity.sign(identity.newVisitorId())}`;
};

/** A JSON tRPC call as the browser makes it, to `baseUrl` (a node, or the proxy). */
async function call(baseUrl: string, procedure: string, input: unknown) {
  const response = await fetch(`${baseUrl}/trpc/${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(input),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers differ per procedure
  const json: any = await response.json();
  return { status: response.status, json };
}

describe('two app nodes on one PostgreSQL and one Redis', () => {
  it('a visitor on node A and an agent on node B chat both ways', async () => {
    const visitor = socketOn<VisitorSocket>('visitor', 0, newVisitorCookie());
    const agent = socketOn<AgentSocket>('agent', 1, agentCookie);
    await Promise.all([connected(visitor), connected(agent)]);
    const toAgent = collect<{ conversationId: number; message: ChatMessage }>(agent, 'message:created');
    const toVisitor = collect<ChatMessage>(visitor, 'message:created');

    const sent = await visitor
      .timeout(5000)
      .emitWithAck('message:send', { clientId: randomUUID(), message: 'Hello from node A' });
    expect(sent.ok).toBe(true);
    // Node A stored it; node B's agent hears of it live, through Redis.
    await waitFor(
      () => toAgent.some((item) => item.value.message.message === 'Hello from node A'),
      5000,
      "the visitor's message on node B",
    );
    const { conversationId } = toAgent.find((item) => item.value.message.message === 'Hello from node A')!.value;
    const joined = await agent.timeout(5000).emitWithAck('room:join', { conversationId });
    expect(joined.ok).toBe(true);
    const reply = await agent
      .timeout(5000)
      .emitWithAck('message:send', { conversationId, clientId: randomUUID(), message: 'Hello from node B' });
    expect(reply.ok).toBe(true);
    await waitFor(
      () => toVisitor.some((item) => item.value.message === 'Hello from node B'),
      5000,
      "the agent's reply on node A",
    );
    expect(proxy.routed[0]).toBeGreaterThan(0);
    expect(proxy.routed[1]).toBeGreaterThan(0);
  });

  it('a staff member on node B sees a request submitted through node A appear live', async () => {
    const staff = socketOn<StaffSocket>('staff', 1, agentCookie);
    await connected(staff);
    const arrived = collect<InboxRow>(staff, 'request:new');
    const input = { ...validInput.submitAppointment(), email: `inbox-${randomUUID()}@example.com` };
    const answer = await call(nodes[0]!.baseUrl, 'forms.submitAppointment', input);
    expect(answer.status).toBe(200);
    const reference: string = answer.json.result.data.reference;
    await waitFor(() => arrived.some((item) => item.value.reference === reference), 5000, 'the request on node B');
  });

  it("a form's rate limit trips at the same count whichever node gets the requests", async () => {
    const before = [...proxy.routed];
    const statuses: number[] = [];
    for (let attempt = 0; attempt < FORMS_PER_MINUTE + 2; attempt++) {
      const answer = await call(proxy.baseUrl, 'forms.subscribeNewsletter', {
        email: `limit-${attempt}-${randomUUID()}@example.com`,
        ...human,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(FORMS_PER_MINUTE).fill(200), 429, 429]);
    // Round-robin: both nodes took part.
    expect(proxy.routed[0]! - before[0]!).toBeGreaterThanOrEqual(2);
    expect(proxy.routed[1]! - before[1]!).toBeGreaterThanOrEqual(2);
  });

  it('the log-in limit holds across nodes', async () => {
    const messages: string[] = [];
    for (let attempt = 0; attempt < LOGIN_FAILURES_PER_ACCOUNT; attempt++) {
      const answer = await call(nodes[attempt % 2]!.baseUrl, 'auth.logIn', {
        email: patientEmail,
        password: 'not the password',
      });
      expect(answer.status).toBe(401);
      messages.push(answer.json.error.message);
    }
    // The right password, on either node, now meets the lock.
    for (const node of nodes) {
      const locked = await call(node.baseUrl, 'auth.logIn', { email: patientEmail, password: PASSWORD });
      expect(locked.status).toBe(429);
      expect(locked.json.error.message).toMatch(new RegExp(`^${tooManyLogInsMessage(60).split(' in ')[0]}`));
    }
  });

  it('killing node A with SIGKILL moves its visitor to node B with nothing lost', async () => {
    const socket = socketOn<VisitorSocket>('visitor', 0, newVisitorCookie());
    const agent = socketOn<AgentSocket>('agent', 1, agentCookie);
    const toAgent = collect<{ conversationId: number; message: ChatMessage }>(agent, 'message:created');
    const client = createVisitorChatClient(socket, { storage: null });
    await connected(agent);
    await waitFor(() => client.getState().ready, 10_000, 'visitor ready on node A');
    client.send('Before the crash');
    await waitFor(() => client.pendingCount() === 0, 5000, 'first message acknowledged');

    const toNodeB = proxy.routed[1]!;
    nodes[0]!.child.kill('SIGKILL');
    await nodes[0]!.exited;
    await waitFor(() => client.getState().status !== 'connected', 5000, 'visitor sees the drop');
    client.send('After the crash');
    await waitFor(
      () => client.getState().status === 'connected' && client.pendingCount() === 0,
      20_000,
      'visitor back, on node B, with the message sent',
    );
    const shown = client
      .getState()
      .items.flatMap((item) => (item.kind === 'message' && item.sender === 'user' ? [item.message] : []));
    expect(shown).toEqual(['Before the crash', 'After the crash']);
    expect(proxy.routed[1]).toBeGreaterThan(toNodeB);

    // Stored once each, and the agent on node B heard both: the first through Redis, the second from node B itself.
    const sync = await socket.timeout(5000).emitWithAck('conversation:sync', {});
    expect(sync.ok).toBe(true);
    const stored: ChatMessage[] = sync.ok
      ? sync.messages.filter((message: ChatMessage) => message.sender === 'user')
      : [];
    expect(stored.map((message: ChatMessage) => message.message)).toEqual(['Before the crash', 'After the crash']);
    await waitFor(
      () => stored.every((message) => toAgent.some((item) => item.value.message.id === message.id)),
      5000,
      'both messages on the agent console',
    );
    client.destroy();
  }, 60_000);
});
