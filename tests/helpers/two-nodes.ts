/**
 * Two app nodes in one process (issue #16): each its own createApp + attachChat on its own HTTP server, with its own
 * Redis connections, session events and inbox events, as two server/index.ts processes would have; one database and
 * one cookie secret between them, as in production (one PostgreSQL, CHAT_COOKIE_SECRET).
 */
import { randomBytes } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { createSocket } from '../../client/lib/socket';
import { createApp } from '../../server/app';
import { attachChat, type ChatOptions as AttachChatOptions } from '../../server/chat/attach-chat';
import { createVisitorIdentity } from '../../server/chat/visitor-identity';
import type { AppDatabase } from '../../server/db/database';
import type { UserRole } from '../../server/db/schema';
import { loadEnv } from '../../server/env';
import { createLogger } from '../../server/logger';
import { createServices } from '../../server/services';
import { testRedisClients } from './redis';
import { TEST_REPLY_DELAY_MS, createSignedInUser } from './socket-harness';
import { ALWAYS_OPEN } from './support-clocks';
import { createTestDb } from './test-db';
import { listenOnEphemeralPort } from './test-server';

type ChatOptions = Partial<Pick<AttachChatOptions, 'replyDelayMs' | 'adoptStranded' | 'followUpAfterMs'>> & {
  /** This node's Redis (default: the test Redis); UNREACHABLE_REDIS_URL plays an outage. */
  redisUrl?: string;
  /** More environment for both nodes (the WhatsApp webhook's secrets, say). */
  env?: Record<string, string>;
};

async function startNode(db: AppDatabase, prefix: string, cookieSecret: string, chatOptions: ChatOptions) {
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    CHAT_MAX_CONNECTIONS_PER_IP: '50',
    CHAT_COOKIE_SECRET: cookieSecret,
    REDIS_URL: 'redis://unused.invalid:6379',
    ...chatOptions.env,
  });
  const { redisUrl, env: _env, ...chatDeps } = chatOptions;
  const redis = await testRedisClients(prefix, redisUrl);
  const services = createServices(env, db, createLogger('silent'), redis);
  const { sessionEvents, inboxEvents } = services;
  const app = createApp(services, { version: 'test' });
  const { server, baseUrl, closeServer } = await listenOnEphemeralPort(app);
  const chat = attachChat(server, services, {
    cookieSecret,
    replyDelayMs: TEST_REPLY_DELAY_MS,
    supportClock: ALWAYS_OPEN,
    ...chatDeps,
  });
  const sockets: Socket[] = [];
  const options = (cookie: string) => ({
    origin: baseUrl,
    forceNew: true,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie },
  });
  const track = <T extends Socket>(socket: T) => {
    sockets.push(socket);
    return socket;
  };
  return {
    baseUrl,
    env,
    services,
    redis,
    chat,
    sessionEvents,
    inboxEvents,
    visitor: (cookie: string) => track(createSocket('visitor', options(cookie))),
    agent: (cookie: string) => track(createSocket('agent', options(cookie))),
    staff: (cookie: string) => track(createSocket('staff', options(cookie))),
    async close() {
      for (const socket of sockets) socket.disconnect();
      await chat.close();
      await closeServer();
      await redis.quit();
    },
  };
}

export type Node = Awaited<ReturnType<typeof startNode>>;

export async function startTwoNodes(prefix: string, chat: ChatOptions = {}) {
  const db = await createTestDb();
  const cookieSecret = randomBytes(32).toString('base64url');
  const a = await startNode(db, prefix, cookieSecret, chat);
  const b = await startNode(db, prefix, cookieSecret, chat);
  const identity = createVisitorIdentity(a.env, cookieSecret);
  return {
    db,
    a,
    b,
    newVisitorCookie: () => `${identity.cookieName}=${identity.sign(identity.newVisitorId())}`,
    userSession: (role: UserRole, fullName: string) => createSignedInUser(db, a.env, role, fullName),
    async close() {
      await a.close();
      await b.close();
      await db.destroy();
    },
  };
}
