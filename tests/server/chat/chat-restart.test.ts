/**
 * Bot replies owed when the server stops (issue #11.5): the real server (server/index.ts) in a
 * child process on a database file, 30 visitors each send a message, the process is stopped
 * (SIGTERM or SIGKILL) before the 1.5 s reply is due, and a new process on the same file sends
 * every owed reply once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/chat-events';
import { chatTexts } from '../../../shared/chat-texts';
import { createSocket, type VisitorSocket } from '../../../client/lib/socket';
import { createVisitorIdentity } from '../../../server/chat/visitor-identity';
import { createVisitorChatClient } from '../../../client/features/chat/visitor-chat-client';
import { watchAgentConnection, type AgentConnectionStatus } from '../../../client/features/agent/agent-connection';
import { createSession, generateSessionToken } from '../../../server/auth/session';
import { sessionCookieName } from '../../../server/auth/cookies';
import { users } from '../../../server/data/users';
import { migrateToLatest } from '../../../server/db/migrate';
import { loadEnv } from '../../../server/env';
import { connected } from '../../helpers/socket-harness';
import { waitFor } from '../../helpers/wait-for';
import { createProcessDatabase, type ProcessDatabase } from '../../helpers/test-db';
import { listenOnEphemeralPort } from '../../helpers/test-server';

const VISITORS = 30;
const root = path.resolve(import.meta.dirname, '../../..');

type Running = { child: ChildProcess; baseUrl: string; exited: Promise<number | null> };

const children: ChildProcess[] = [];
const sockets: VisitorSocket[] = [];
const dirs: string[] = [];
const databases: ProcessDatabase[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  for (const database of databases.splice(0)) await database.drop();
});

/** A data folder and the database the server processes share (SQLite in it, or a PostgreSQL schema). */
async function newDatabase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-restart-'));
  dirs.push(dataDir);
  const database = await createProcessDatabase(dataDir);
  databases.push(database);
  return database;
}

// The server judges office hours by the real clock (SUPPORT_HOURS, holidays): in hours or out, one acknowledgement.
const isAcknowledgement = (text: string) =>
  text === chatTexts.botReply || text.startsWith(chatTexts.botOffline('').split(' We are back')[0]!);

function startServer(database: ProcessDatabase, secret: string, port = 0): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...database.env,
      LOG_LEVEL: 'info',
      CHAT_COOKIE_SECRET: secret,
      CHAT_MAX_CONNECTIONS_PER_IP: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let output = '';
    const timeout = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"http:\/\/localhost:(\d+)"/.exec(output);
      if (match) {
        clearTimeout(timeout);
        resolve({ child, baseUrl: `http://127.0.0.1:${match[1]}`, exited });
      }
    });
  });
}

function visitor(baseUrl: string, cookie: string) {
  const socket = createSocket('visitor', {
    origin: baseUrl,
    forceNew: true,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie },
  });
  sockets.push(socket);
  return socket;
}

async function countRows(database: ProcessDatabase) {
  const db = database.open();
  try {
    const bots = await db.selectFrom('chat_messages').select(['conversation_id']).where('sender', '=', 'bot').execute();
    const pending = await db.selectFrom('chat_pending_replies').select('id').execute();
    const conversations = await db.selectFrom('chat_conversations').select('id').execute();
    return {
      bots: bots.map((row) => row.conversation_id),
      pending: pending.length,
      conversations: conversations.length,
    };
  } finally {
    await db.destroy();
  }
}

describe.each(['SIGTERM', 'SIGKILL'] as const)('bot replies across a %s restart', (signal) => {
  it(`delivers all ${VISITORS} owed replies once after the restart`, async () => {
    const database = await newDatabase();
    const secret = randomBytes(32).toString('base64url');
    const identity = createVisitorIdentity({ NODE_ENV: 'test', PUBLIC_ORIGIN: undefined }, secret);
    const cookies = Array.from(
      { length: VISITORS },
      () => `${identity.cookieName}=${identity.sign(identity.newVisitorId())}`,
    );

    const first = await startServer(database, secret);
    const before = cookies.map((cookie) => visitor(first.baseUrl, cookie));
    await Promise.all(before.map(connected));
    const acks = await Promise.all(
      before.map((socket, index) =>
        socket.timeout(5000).emitWithAck('message:send', { clientId: randomUUID(), message: `Question ${index + 1}` }),
      ),
    );
    expect(acks.every((ack) => ack.ok)).toBe(true);
    first.child.kill(signal);
    await first.exited;
    for (const socket of before) socket.disconnect();

    const stopped = await countRows(database);
    // Stopped before the 1.5 s were up: the replies are owed, not sent.
    console.info(
      `[chat-restart] ${signal}: ${stopped.pending} of ${VISITORS} replies owed at the stop, ${stopped.bots.length} already sent`,
    );
    expect(stopped.pending + stopped.bots.length).toBe(VISITORS);
    expect(stopped.pending).toBeGreaterThan(0);

    const second = await startServer(database, secret);
    const after = cookies.map((cookie) => visitor(second.baseUrl, cookie));
    await Promise.all(after.map(connected));
    const replies = new Map<number, ChatMessage[]>();
    await waitFor(
      async () => {
        const synced = await Promise.all(
          after.map((socket) => socket.timeout(5000).emitWithAck('conversation:sync', {})),
        );
        synced.forEach((result, index) => {
          if (result.ok)
            replies.set(
              index,
              result.messages.filter((message: ChatMessage) => message.sender === 'bot'),
            );
        });
        return [...replies.values()].filter((bots) => bots.length > 0).length === VISITORS;
      },
      10_000,
      'every owed reply',
    );
    const delivered = [...replies.values()].filter(
      (bots) => bots.length === 1 && isAcknowledgement(bots[0]!.message),
    ).length;
    console.info(`[chat-restart] ${signal}: ${delivered} of ${VISITORS} visitors got the reply after the restart`);
    expect(delivered).toBe(VISITORS);

    second.child.kill('SIGTERM');
    await second.exited;
    const final = await countRows(database);
    expect(final.pending).toBe(0);
    expect(final.bots).toHaveLength(VISITORS);
    expect(new Set(final.bots).size).toBe(VISITORS);
    expect(final.conversations).toBe(VISITORS);
  }, 90_000);
});

describe('clients across a graceful restart (SIGTERM)', () => {
  it('the visitor widget and the agent console reconnect by themselves, and a message typed meanwhile is sent once', async () => {
    const database = await newDatabase();
    const secret = randomBytes(32).toString('base64url');
    const identity = createVisitorIdentity({ NODE_ENV: 'test', PUBLIC_ORIGIN: undefined }, secret);
    const visitorCookie = `${identity.cookieName}=${identity.sign(identity.newVisitorId())}`;
    // An agent account and session in the database the server will use.
    const db = database.open();
    await migrateToLatest(db);
    const agent = await users.create(db, {
      email: 'agent@example.com',
      fullName: 'Ngozi Eze',
      passwordHash: 'x',
      role: 'agent',
      confirmed: true,
    });
    const token = generateSessionToken();
    await createSession(db, token, agent.id);
    await db.destroy();
    const agentCookie = `${sessionCookieName(loadEnv({ NODE_ENV: 'test' }))}=${token}`;
    // A fixed port, so the clients find the new process where the old one was.
    const probe = await listenOnEphemeralPort(() => undefined);
    const port = Number(new URL(probe.baseUrl).port);
    await probe.closeServer();

    const first = await startServer(database, secret, port);
    const options = {
      origin: first.baseUrl,
      forceNew: true,
      transports: ['websocket'],
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    };
    const visitorSocket = createSocket('visitor', { ...options, extraHeaders: { cookie: visitorCookie } });
    const agentSocket = createSocket('agent', { ...options, extraHeaders: { cookie: agentCookie } });
    sockets.push(visitorSocket, agentSocket);
    const client = createVisitorChatClient(visitorSocket, { storage: null });
    const agentConsole = { status: 'checking' as AgentConnectionStatus, connects: 0 };
    const stopWatching = watchAgentConnection(agentSocket, {
      onConnect: () => {
        agentConsole.connects += 1;
        agentConsole.status = 'ready';
      },
      onStatus: (next) => (agentConsole.status = next(agentConsole.status)),
      onDenied: () => undefined,
    });
    await waitFor(() => client.getState().ready && agentConsole.connects === 1, 10_000, 'both connected');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    await waitFor(
      () => client.getState().status === 'offline' && agentConsole.status === 'offline',
      5000,
      'both offline',
    );
    client.send('Are you there?');

    await startServer(database, secret, port);
    await waitFor(
      () => client.getState().status === 'connected' && client.pendingCount() === 0,
      15_000,
      'visitor back by itself',
    );
    await waitFor(
      () => agentConsole.connects === 2 && agentConsole.status === 'ready',
      15_000,
      'console back by itself',
    );
    const userMessages = client.getState().items.filter((item) => item.kind === 'message' && item.sender === 'user');
    expect(userMessages).toHaveLength(1);
    client.destroy();
    stopWatching();
  }, 90_000);
});
