/**
 * The live support chat: one Socket.IO server on the site's own HTTP server (path /socket.io),
 * with two namespaces that share nothing but storage and rooms.ts:
 *
 * - `/chat` for visitors. The conversation is derived on the server from the signed, HttpOnly
 *   visitor cookie (set on the widget's first handshake, i.e. when the panel is first opened) or,
 *   for a signed-in patient, from the session cookie. Payloads never name a conversation.
 * - `/agent` for support staff: the session cookie must belong to an agent or an admin.
 * - `/staff` (server/staff/staff-namespace.ts): the live inbox, same admission as `/agent`.
 *
 * Defences: the handshake's Origin must be this site (cross-site WebSocket hijacking); payloads
 * are capped at 16 KB (maxHttpBufferSize) and parsed with the shared zod schemas; a visitor may
 * send about 10 messages a minute and at most 5 in 10 s; open visitor connections per IP are capped. Every refusal
 * carries a message the visitor can read ({ code, message } in the ack or the connect error).
 *
 * Storage: a message is acknowledged only after its row is committed, and its client id is
 * unique, so a retried send is stored once and acknowledged with the same row.
 *
 * Console opens, room joins and leaves and refused console handshakes go to the audit log.
 *
 * Scale-out (issue #16, ADR 0027): with REDIS_URL the namespaces use the Socket.IO Redis adapter, so emits, session
 * disconnects and presence reach every node, and the message limits are counted in Redis. Owed bot replies and
 * follow-ups are stored (bot.ts); each node also adopts those a stopped node left overdue.
 *
 * `attachChat` never listens; server/index.ts (or a test) owns the HTTP server.
 * Socket.IO examples followed: https://socket.io/docs/v4/typescript/, ".../middlewares/".
 */
import { whatsAppMediaFetcherFor, type MediaFetcher } from '../messaging/whatsapp-media';
import type http from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server, type ExtendedError } from 'socket.io';
import {
  CHAT_NAMESPACES,
  VISITOR_HANDSHAKE_QUERY,
  type ChatError,
  type ChatErrorCode,
  type InterServerEvents,
  type SocketData,
  type VisitorClientToServerEvents,
  type VisitorServerToClientEvents,
} from '../../shared/chat-events';
import { chatTexts } from '../../shared/chat-texts';
import { LOG_IN_REQUIRED_MESSAGE } from '../../shared/messages/auth-messages';
import { CHAT_AGENT_GRACE_MS, CHAT_LINK_HASH, CHAT_MAX_PAYLOAD_BYTES } from '../../shared/constants';
import type { AuditLog } from '../audit/audit-log';
import { readSessionCookie, sessionCookieName } from '../auth/cookies';
import { validateSessionToken } from '../auth/session';
import { sessionRoom, userRoom, type SessionEvents } from '../auth/session-events';
import { watchStaffSession } from '../auth/staff-socket-session';
import type { AppDatabase } from '../db/database';
import { chat } from '../data/chat';
import type { Env } from '../env';
import { originAllowed } from '../http/origin-check';
import type { RateLimiterFactory } from '../http/rate-limiter';
import type { MailQueue } from '../mail/mail-queue';
import type { AppServices } from '../services';
import type { RedisClients } from '../redis/redis-clients';
import type { Logger } from '../logger';
import { registerAgentHandlers, type AgentSocket } from './agent-handlers';
import { chatError } from './handler-utils';
import { createChatService, type ChatService, type SupportClock } from './chat-service';
import { createAgentPresence, type AgentPresenceBoard } from './agent-presence';
import { createHandBackTimers } from './hand-back-timers';
import { staffAlerts } from '../data/staff-alerts';
import { createSupportClock } from './support-clock';
import { publicOrigin } from '../http/public-origin';
import { createClientAddress } from './client-ip';
import { agentRoom, createChatRooms, type AgentNamespace, type ChatRooms, type VisitorNamespace } from './rooms';
import { registerVisitorHandlers, type VisitorSocket } from './visitor-handlers';
import { createVisitorIdentity, loadVisitorCookieSecret } from './visitor-identity';
import { attachStaffNamespace } from '../staff/staff-namespace';

/** What tests (and only tests) set besides the app's services; server/index.ts passes none. */
export type ChatOptions = {
  /** Overrides CHAT_COOKIE_SECRET / the stored secret (tests). */
  cookieSecret?: string;
  /** The bot's reply delay; CHAT_REPLY_DELAY_MS (1.5 s) unless a test shortens it. */
  replyDelayMs?: number;
  /** Overrides the agent hand-back grace period (tests). */
  agentGraceMs?: number;
  /** Overrides the clock staff sessions are checked by on open sockets (tests of the 12-hour and 2-hour limits). */
  sessionClock?: () => number;
  /** Overrides SUPPORT_HOURS (tests of in- and out-of-hours answers). */
  supportClock?: SupportClock;
  /** Overrides the 2 minutes before an unseen agent reply is e-mailed (tests). */
  followUpAfterMs?: number;
  /**
   * Overrides the burst limit of CHAT_BURST_LIMIT messages per CHAT_BURST_WINDOW_MS (tests of the per-minute limit).
   */
  burst?: { limit: number; windowMs: number };
  /** With `services.redis`: overrides how stranded bot replies and follow-ups are picked up (tests). */
  adoptStranded?: { intervalMs: number; graceMs: number };
  /** A WhatsApp file fetcher in place of the Graph API's (tests); null stores no files. */
  fetchMedia?: MediaFetcher | null;
};

/** Besides the per-minute limit: at most this many messages per visitor in the burst window. */
export const CHAT_BURST_LIMIT = 5;
export const CHAT_BURST_WINDOW_MS = 10_000;
export const CHAT_PING_INTERVAL_MS = 2000;
export const CHAT_PING_TIMEOUT_MS = 2000;
/**
 * With several nodes, each looks every 15 s for bot replies and follow-ups overdue by 10 s or more: left by a node that
 * stopped. One process alone needs none of it: it resumes what it owed when it starts again.
 */
export const ADOPT_STRANDED = { intervalMs: 15_000, graceMs: 10_000 };

type HandshakeRequest = http.IncomingMessage & { _query?: Record<string, string>; chatVisitorId?: string };
type ClientAddress = ReturnType<typeof createClientAddress>;

const AGENT_CONSOLE_STAFF_ONLY = 'The support console is for support staff only.';

const refusal = (code: ChatErrorCode, message: string): ExtendedError => {
  const error = new Error(message) as ExtendedError;
  error.data = { code, message } satisfies ChatError;
  return error;
};

/** Open connections per IP address. */
function createConnectionCounter() {
  const counts = new Map<string, number>();
  return {
    get: (ip: string) => counts.get(ip) ?? 0,
    add(ip: string, delta: number) {
      const next = (counts.get(ip) ?? 0) + delta;
      if (next > 0) counts.set(ip, next);
      else counts.delete(ip);
    },
  };
}

/**
 * With `services.redis` (issue #16, docs/decisions/0027-redis-for-shared-node-state.md), events reach sockets on every
 * node (the Socket.IO Redis adapter) and message limits are counted in Redis. The services are the ones createApp was
 * given (server/services.ts), so a logout over HTTP reaches this app's sockets and both share one audit log, write
 * batcher and mail queue.
 */
export function attachChat(httpServer: http.Server, services: AppServices, deps: ChatOptions = {}) {
  const { env, db, logger, audit } = services;
  const identity = createVisitorIdentity(env, deps.cookieSecret ?? loadVisitorCookieSecret(env, logger));
  const address = createClientAddress(env.TRUST_PROXY);
  const io = createChatServer(httpServer, env, address, identity, services.redis);

  const visitors = io.of(CHAT_NAMESPACES.visitor);
  const agents = io.of(CHAT_NAMESPACES.agent) as unknown as AgentNamespace;
  const rooms = createChatRooms(visitors, agents, { redis: services.redis, logger });
  const service = createChatService({
    db,
    logger,
    writes: services.writes,
    mail: services.mail,
    messaging: services.messaging,
    rooms,
    replyDelayMs: deps.replyDelayMs,
    supportClock: deps.supportClock ?? createSupportClock(env),
    chatLink: `${publicOrigin(env)}/${CHAT_LINK_HASH}`,
    followUpAfterMs: deps.followUpAfterMs,
    adoptStranded: services.redis ? (deps.adoptStranded ?? ADOPT_STRANDED) : undefined,
    privacyUrl: `${publicOrigin(env)}/privacy-policy`,
    fetchMedia: deps.fetchMedia === undefined ? whatsAppMediaFetcherFor(env) : deps.fetchMedia,
  });
  void service.start();
  // WhatsApp messages and receipts from this node's webhook (issue #30); live to agents on every node via the rooms.
  const detachDesk = services.deskInbox.attach({
    inbound: (message) => service.storeWhatsAppMessage(message),
    receipt: (row) => service.deliveryChanged(row),
  });
  const presence = createAgentPresence({ db, logger, rooms });

  const sessionClock = deps.sessionClock ?? Date.now;
  // A handshake is no person's action (the console and inbox reconnect by themselves): it never extends a session.
  const sessionFor = async (cookieHeader: string | undefined) => {
    const token = readSessionCookie(cookieHeader, sessionCookieName(env));
    return token ? validateSessionToken(db, token, services.sessionEvents, 'background', sessionClock()) : null;
  };

  // Nothing lives on the main namespace.
  io.use((_socket, next) => next(refusal('FORBIDDEN', chatTexts.connectionRefused)));

  setUpVisitorNamespace(visitors, {
    env,
    db,
    logger,
    service,
    identity,
    address,
    sessionFor,
    limiters: services.limiters,
    burst: deps.burst,
  });
  const agentNamespace = setUpAgentNamespace(agents, {
    db,
    logger,
    service,
    rooms,
    audit,
    presence,
    mail: services.mail,
    address,
    sessionFor,
    sessionEvents: services.sessionEvents,
    sessionClock,
    graceMs: deps.agentGraceMs ?? CHAT_AGENT_GRACE_MS,
  });

  // Logged in mid-chat: the anonymous conversation becomes the patient's, and the widget reconnects as them.
  const stopMerging = services.sessionEvents.onSignedIn((userId, cookieHeader) => {
    const visitorId = identity.read(cookieHeader);
    if (!visitorId) return;
    service
      .mergeVisitor(`v:${visitorId}`, userId)
      .catch((error: unknown) => logger.error('chat identity merge failed', { userId, err: error }));
  });

  const staffNamespace = attachStaffNamespace(io, {
    db,
    logger,
    audit,
    inboxEvents: services.inboxEvents,
    sessionEvents: services.sessionEvents,
    sessionClock,
    ipOf: (socket) => address.ip(socket.request),
    sessionFor,
  });

  // Logout, password reset or account deletion: that session's sockets go at once, on whichever node they are.
  const unsubscribe = services.sessionEvents.onSessionsInvalidated((userId, sessionIds) => {
    const ended = sessionIds.map(sessionRoom);
    // This node's sockets at once, whether or not Redis answers (the Redis adapter would act only on its own message
    // coming back); then the other nodes' through the adapter.
    visitors.local.in(ended).disconnectSockets(true);
    agents.local.in(ended).disconnectSockets(true);
    visitors.in(ended).disconnectSockets(true);
    agents.in(ended).disconnectSockets(true);
    agentNamespace.signedOut(userId);
  });
  // A role change: that person's consoles reconnect, and their handshake applies the new role (issue #24.2).
  const stopRoleChanges = services.sessionEvents.onRoleChanged((userId) => {
    agents.local.in(userRoom(userId)).disconnectSockets(true);
    agents.in(userRoom(userId)).disconnectSockets(true);
  });

  return {
    io,
    /**
     * Closes every chat connection and stops timers; the HTTP server itself stays with its owner.
     * Transports are closed rather than the sockets disconnected on purpose ('io server
     * disconnect'), which clients would not retry: after a restart they reconnect by themselves.
     */
    close: () => {
      detachDesk();
      unsubscribe();
      stopRoleChanges();
      stopMerging();
      staffNamespace.close();
      service.close();
      agentNamespace.close();
      presence.close();
      io.engine.close();
      return rooms.close();
    },
  };
}

/** The Socket.IO server: same-site origins only, a raw-connection cap per IP, the visitor cookie. */
function createChatServer(
  httpServer: http.Server,
  env: Env,
  address: ClientAddress,
  identity: ReturnType<typeof createVisitorIdentity>,
  redis: RedisClients | undefined,
) {
  const configuredOrigin = env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : null;
  const engineConnections = createConnectionCounter();
  const io = new Server<VisitorClientToServerEvents, VisitorServerToClientEvents, InterServerEvents, SocketData>(
    httpServer,
    {
      serveClient: false,
      maxHttpBufferSize: CHAT_MAX_PAYLOAD_BYTES,
      // A silent network drop is noticed within CHAT_PING_INTERVAL_MS + CHAT_PING_TIMEOUT_MS (4 s):
      // the widget's offline banner must show within 5 s (issue #11.5).
      pingInterval: CHAT_PING_INTERVAL_MS,
      pingTimeout: CHAT_PING_TIMEOUT_MS,
      // Several nodes: every emit also reaches the sockets held by the other nodes (ADR 0027).
      ...(redis && {
        adapter: createAdapter(redis.pub, redis.sub, { key: `${redis.prefix}socket.io` }),
      }),
      // No CORS headers: only this site's own pages may talk to the chat.
      allowRequest: (req, callback) => {
        const sameSite = originAllowed({
          origin: req.headers.origin,
          secFetchSite: req.headers['sec-fetch-site'],
          protocol: address.protocol(req),
          host: req.headers.host,
          configuredOrigin,
        });
        if (!sameSite) return callback('Origin not allowed', false);
        // A hard stop well above the visible per-IP cap (raw handshakes that never join a namespace).
        if (engineConnections.get(address.ip(req)) >= env.CHAT_MAX_CONNECTIONS_PER_IP * 2)
          return callback('Too many connections', false);
        callback(null, true);
      },
    },
  );

  io.engine.on(
    'connection',
    (rawSocket: { request: http.IncomingMessage; on: (event: 'close', listener: () => void) => void }) => {
      const ip = address.ip(rawSocket.request);
      engineConnections.add(ip, 1);
      rawSocket.on('close', () => engineConnections.add(ip, -1));
    },
  );

  // The visitor cookie is set (or refreshed) only on the widget's own first handshake response.
  io.engine.on('initial_headers', (headers: Record<string, string | string[]>, req: HandshakeRequest) => {
    if (req._query?.client !== VISITOR_HANDSHAKE_QUERY.client) return;
    const visitorId = identity.read(req.headers.cookie) ?? identity.newVisitorId();
    req.chatVisitorId = visitorId;
    headers['Set-Cookie'] = identity.setCookieHeader(visitorId, address.protocol(req) === 'https');
  });
  return io;
}

type SessionLookup = (cookieHeader: string | undefined) => ReturnType<typeof validateSessionToken> | Promise<null>;

/** /chat: a visitor is their signed cookie or their session; connections per IP and messages are limited. */
function setUpVisitorNamespace(
  visitors: VisitorNamespace,
  deps: {
    env: Env;
    db: AppDatabase;
    logger: Logger;
    service: ChatService;
    identity: ReturnType<typeof createVisitorIdentity>;
    address: ClientAddress;
    sessionFor: SessionLookup;
    limiters: RateLimiterFactory;
    burst?: { limit: number; windowMs: number };
  },
) {
  const { env, db, logger, service, identity, address, sessionFor } = deps;
  const connections = createConnectionCounter();
  const messageLimiter = deps.limiters('chat-minute', { limit: env.CHAT_MESSAGES_PER_MINUTE, windowMs: 60_000 });
  const burstLimiter = deps.limiters(
    'chat-burst',
    deps.burst ?? { limit: CHAT_BURST_LIMIT, windowMs: CHAT_BURST_WINDOW_MS },
  );

  // Socket.IO ignores a middleware's return value; the body catches its own errors.
  visitors.use((socket, next) => void admitVisitor(socket, next));
  async function admitVisitor(socket: VisitorSocket, next: (error?: Error) => void) {
    const req = socket.request as HandshakeRequest;
    const ip = address.ip(req);
    if (connections.get(ip) >= env.CHAT_MAX_CONNECTIONS_PER_IP)
      return next(refusal('TOO_MANY_CONNECTIONS', chatTexts.tooManyConnections));
    connections.add(ip, 1);
    try {
      const session = await sessionFor(req.headers.cookie);
      if (session) {
        socket.data = { ip, user: session.user, sessionId: session.session.id, visitorKey: `u:${session.user.id}` };
        return next();
      }
      const visitorId = identity.read(req.headers.cookie) ?? req.chatVisitorId;
      if (!visitorId) {
        connections.add(ip, -1);
        return next(refusal('UNAUTHORIZED', chatTexts.connectionRefused));
      }
      socket.data = { ip, user: null, sessionId: null, visitorKey: `v:${visitorId}` };
      next();
    } catch (error) {
      connections.add(ip, -1);
      logger.error('chat visitor handshake failed', { err: error });
      next(refusal('STORAGE_FAILED', chatTexts.connectionRefused));
    }
  }

  visitors.on('connection', (socket: VisitorSocket) => {
    if (socket.data.sessionId) void socket.join(sessionRoom(socket.data.sessionId));
    socket.on('disconnect', () => connections.add(socket.data.ip, -1));
    registerVisitorHandlers(socket, { db, logger, service, messageLimiters: [burstLimiter, messageLimiter] });
  });
}

/**
 * The console's events that it sends by itself (the list on every connect, 'read' as messages arrive): checked, but
 * no person's action, so they do not extend the session. Every other event is something the agent did.
 */
const BACKGROUND_AGENT_EVENTS: ReadonlySet<string> = new Set([
  'conversation:list',
  'conversation:read',
  'handback:take',
]);

/**
 * Lets each event through only once the session is checked again (issue #24.2), one event after another in the order
 * they came. An ended session, or a person no longer staff, gets the handshake's answer in the ack and is disconnected.
 */
function checkSessionBeforeEachEvent(
  socket: AgentSocket,
  check: ReturnType<typeof watchStaffSession>['check'],
  logger: Logger,
) {
  let previous = Promise.resolve();
  socket.use((packet, next) => {
    previous = previous.then(() => admit(packet, next));
  });
  async function admit([event, ...args]: unknown[], next: (error?: Error) => void) {
    const ack = args.at(-1);
    const answer = (error: ReturnType<typeof chatError>) => {
      if (typeof ack === 'function') (ack as (result: typeof error) => void)(error);
    };
    try {
      const verdict = await check(BACKGROUND_AGENT_EVENTS.has(String(event)) ? 'background' : 'person');
      if (verdict.ok) return next();
      answer(
        verdict.reason === 'ended'
          ? chatError('UNAUTHORIZED', LOG_IN_REQUIRED_MESSAGE)
          : chatError('FORBIDDEN', AGENT_CONSOLE_STAFF_ONLY),
      );
      verdict.close();
    } catch (error) {
      logger.error('chat agent session check failed', { err: error });
      answer(chatError('STORAGE_FAILED', 'Something went wrong on our side. Please try again.'));
    }
  }
}

/** /agent: staff only (refusals audited); an agent's rooms go back to the bot after the grace period with no tab. */
function setUpAgentNamespace(
  agents: AgentNamespace,
  deps: {
    db: AppDatabase;
    logger: Logger;
    service: ChatService;
    rooms: ChatRooms;
    audit: AuditLog;
    presence: AgentPresenceBoard;
    mail: MailQueue;
    address: ClientAddress;
    sessionFor: SessionLookup;
    sessionEvents: SessionEvents;
    sessionClock: () => number;
    graceMs: number;
  },
) {
  const { db, logger, service, rooms, audit, presence, mail, address, sessionFor, sessionEvents, sessionClock } = deps;

  // Socket.IO ignores a middleware's return value; the body catches its own errors.
  agents.use((socket, next) => void admitAgent(socket, next));
  async function admitAgent(socket: AgentSocket, next: (error?: Error) => void) {
    const ip = address.ip(socket.request);
    try {
      const session = await sessionFor(socket.request.headers.cookie);
      if (!session || (session.user.role !== 'agent' && session.user.role !== 'admin')) {
        void audit.record({
          type: 'staff.access_refused',
          actorUserId: session?.user.id ?? null,
          email: session?.user.email ?? null,
          ip,
          subject: CHAT_NAMESPACES.agent,
          detail: { reason: session ? 'not_staff' : 'not_signed_in' },
        });
        if (!session) return next(refusal('UNAUTHORIZED', LOG_IN_REQUIRED_MESSAGE));
        return next(refusal('FORBIDDEN', AGENT_CONSOLE_STAFF_ONLY));
      }
      socket.data = { ip, user: session.user, sessionId: session.session.id };
      next();
    } catch (error) {
      logger.error('chat agent handshake failed', { err: error });
      next(refusal('STORAGE_FAILED', 'Something went wrong on our side. Please try again.'));
    }
  }

  /**
   * When an agent has had no staff tab open for the grace period, their rooms go back to the bot, and the agent is
   * told on their return (issue #29).
   */
  const release = async (agentId: number, options: { evenWithTabsOpen?: boolean } = {}) => {
    try {
      if (!options.evenWithTabsOpen && (await rooms.agentOnline(agentId))) return;
      for (const room of await chat.listAssignedTo(db, agentId)) {
        if (await chat.setAssignedAgent(db, room.id, null, agentId)) {
          await staffAlerts.recordHandBack(db, agentId, room.id, new Date().toISOString());
          rooms.roomAgentChanged(room.visitor_key, null);
          // A message that arrived in the gap gets the bot's acknowledgement.
          await service.coverGap(room.id);
          await service.announceSummary(room.id);
        }
      }
    } catch (error) {
      logger.error('chat agent hand-back failed', { err: error });
    }
  };
  const handBacks = createHandBackTimers({ graceMs: deps.graceMs, release: (agentId) => void release(agentId) });

  agents.on('connection', (socket: AgentSocket) => {
    const agent = socket.data.user!;
    void audit.record({
      type: 'console.open',
      actorUserId: agent.id,
      email: agent.email,
      ip: socket.data.ip,
      subject: CHAT_NAMESPACES.agent,
    });
    void socket.join([agentRoom(agent.id), sessionRoom(socket.data.sessionId!), userRoom(agent.id)]);
    const session = watchStaffSession(socket, socket.data.sessionId!, {
      db,
      sessionEvents,
      logger,
      now: sessionClock,
      // Updated in place: the handlers hold this object, so each event sees the role and name as checked now.
      onUser: (user) => Object.assign(agent, user),
    });
    checkSessionBeforeEachEvent(socket, session.check, logger);
    handBacks.returned(agent.id);
    void presence.changed();
    socket.on('disconnect', () => {
      handBacks.left(agent.id);
      void presence.changed();
    });
    socket.on('handback:take', (_payload, ack) => {
      if (typeof ack !== 'function') return;
      staffAlerts.takeHandBacks(db, agent.id).then(
        (handedBack) => ack({ ok: true, rooms: handedBack }),
        (error: unknown) => {
          logger.error('chat hand-back notice failed', { err: error });
          ack(chatError('STORAGE_FAILED', 'Something went wrong on our side. Please try again.'));
        },
      );
    });
    registerAgentHandlers(socket, {
      db,
      logger,
      service,
      audit,
      presence,
      mail,
      handBackRooms: (agentId) => release(agentId, { evenWithTabsOpen: true }),
    });
  });

  return {
    /** The person logged out (or their sessions ended): their rooms go back now unless another session is open. */
    signedOut: (userId: number) => handBacks.left(userId, 0),
    close: () => handBacks.close(),
  };
}
