/**
 * The real stack (createApp + attachChat) on an ephemeral port with a fresh migrated database,
 * plus real socket.io-client sockets for visitors, patients and agents (Socket.IO's
 * "createApplication" testing pattern).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { LogConfig } from 'kysely';
import type { Socket } from 'socket.io-client';
import { createSocket, type AgentSocket, type StaffSocket, type VisitorSocket } from '../../client/lib/socket';
import { sessionCookieName } from '../../server/auth/cookies';
import { createSession, generateSessionToken } from '../../server/auth/session';
import { attachChat, type ChatOptions } from '../../server/chat/attach-chat';
import { createVisitorIdentity } from '../../server/chat/visitor-identity';
import { users } from '../../server/data/users';
import type { AppDatabase } from '../../server/db/database';
import type { UserRole } from '../../server/db/schema';
import { ALWAYS_OPEN } from './support-clocks';
import { startTestServer } from './test-server';
import { uniqueEmail } from './unique-email';

export { ALWAYS_CLOSED } from './support-clocks';

type HarnessOptions = {
  env?: Record<string, string>;
  /** Kysely's query log on the test database (tests/server/statement-counts.test.ts). */
  dbLog?: LogConfig;
  chat?: Partial<
    Pick<
      ChatOptions,
      'replyDelayMs' | 'agentGraceMs' | 'burst' | 'supportClock' | 'followUpAfterMs' | 'sessionClock' | 'fetchMedia'
    >
  >;
};

type ClientOptions = { cookie?: string; origin?: string; reconnection?: boolean; headers?: Record<string, string> };

let userCounter = 0;

/** Chat tests wait this long for the bot, except the one that checks the real 1.5 s (it passes CHAT_REPLY_DELAY_MS). */
export const TEST_REPLY_DELAY_MS = 100;

export async function startChatHarness(options: HarnessOptions = {}) {
  const server = await startTestServer({
    env: { CHAT_MAX_CONNECTIONS_PER_IP: '50', ...options.env },
    dbLog: options.dbLog,
  });
  const cookieSecret = randomBytes(32).toString('base64url');
  const chat = attachChat(server.server, server.services, {
    cookieSecret,
    replyDelayMs: TEST_REPLY_DELAY_MS,
    supportClock: ALWAYS_OPEN,
    ...options.chat,
  });
  const identity = createVisitorIdentity(server.env, cookieSecret);
  const sockets: Socket[] = [];

  const clientOptions = ({ cookie, origin, reconnection = true, headers }: ClientOptions) => ({
    origin: server.baseUrl,
    forceNew: true,
    transports: ['websocket'],
    reconnection,
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
    extraHeaders: { ...headers, ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
  });

  /** The server's pings stop reaching `socket`'s client; nothing else changes (no close is sent or seen). */
  const silencePings = (socket: Socket) => {
    const engineSocket = (
      chat.io.engine as unknown as {
        clients: Record<string, { sendPacket: (type: string, ...rest: unknown[]) => void }>;
      }
    ).clients[socket.io.engine.id]!;
    const sendPacket = engineSocket.sendPacket.bind(engineSocket);
    engineSocket.sendPacket = (type, ...rest) => (type === 'ping' ? undefined : sendPacket(type, ...rest));
  };

  return {
    ...server,
    chat,
    silencePings,
    /** A valid signed visitor cookie for a new visitor (as the handshake would set it). */
    newVisitorCookie: () => `${identity.cookieName}=${identity.sign(identity.newVisitorId())}`,
    visitor(clientOptionsIn: ClientOptions = {}): VisitorSocket {
      const socket = createSocket('visitor', clientOptions(clientOptionsIn));
      sockets.push(socket);
      return socket;
    },
    agentSocket(clientOptionsIn: ClientOptions = {}): AgentSocket {
      const socket = createSocket('agent', clientOptions(clientOptionsIn));
      sockets.push(socket);
      return socket;
    },
    staffSocket(clientOptionsIn: ClientOptions = {}): StaffSocket {
      const socket = createSocket('staff', clientOptions(clientOptionsIn));
      sockets.push(socket);
      return socket;
    },
    /** A user with a session; returns the Cookie header that carries it. */
    userSession: (role: UserRole, fullName = role === 'patient' ? 'Adaeze Okafor' : 'Tunde Bakare') =>
      createSignedInUser(server.db, server.env, role, fullName),
    close: async () => {
      for (const socket of sockets) socket.disconnect();
      await chat.close();
      await server.close();
    },
  };
}

export type ChatHarness = Awaited<ReturnType<typeof startChatHarness>>;

/** A confirmed user of `role` with a live session in `db`: the session token and the Cookie header carrying it. */
export async function createSignedInUser(
  db: AppDatabase,
  env: Parameters<typeof sessionCookieName>[0],
  role: UserRole,
  fullName: string,
) {
  userCounter += 1;
  const user = await users.create(db, {
    email: uniqueEmail(`${role}${userCounter}`, 'example.com'),
    fullName,
    passwordHash: 'not-a-real-hash',
    role,
    confirmed: true,
  });
  const token = generateSessionToken();
  const session = await createSession(db, token, user.id, role);
  return { user, session, token, cookie: `${sessionCookieName(env)}=${token}` };
}

/** Resolves when the socket connects; rejects with the server's refusal. */
export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

/** The refusal a socket gets (its connect_error), or throws if it connects. */
export function refused(socket: Socket): Promise<Error & { data?: { code: string; message: string } }> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected but should have been refused')));
    socket.once('connect_error', (error) => resolve(error as Error & { data?: { code: string; message: string } }));
  });
}

/** A visitor's message, sent as the chat widget sends it; throws with the server's refusal. Returns it as stored. */
export async function say(visitor: VisitorSocket, message: string) {
  const result = await visitor.timeout(3000).emitWithAck('message:send', { clientId: randomUUID(), message });
  if (!result.ok) throw new Error(result.error.message);
  return result.message;
}

/** Collects every event of one name, with the time it arrived. */
export function collect<T>(socket: Socket, event: string) {
  const items: { at: number; value: T }[] = [];
  socket.on(event, (value: T) => items.push({ at: Date.now(), value }));
  return items;
}
