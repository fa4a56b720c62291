/**
 * The live support chat: one Socket.IO server on the site's own HTTP server (path /socket.io),
 * with two namespaces that share nothing but storage and rooms.ts:
 *
 * - `/chat` for visitors. The conversation is derived on the server from the signed, HttpOnly
 *   visitor cookie (set on the widget's first handshake, i.e. when the panel is first opened) or,
 *   for a signed-in patient, from the session cookie. Payloads never name a conversation.
 * - `/agent` for support staff: the session cookie must belong to an agent or an admin.
 *
 * Defences: the handshake's Origin must be this site (cross-site WebSocket hijacking); payloads
 * are capped at 16 KB (maxHttpBufferSize) and parsed with the shared zod schemas; a visitor may
 * send about 10 messages a minute; open visitor connections per IP are capped. Every refusal
 * carries a message the visitor can read ({ code, message } in the ack or the connect error).
 *
 * Storage: a message is acknowledged only after its row is committed, and its client id is
 * unique, so a retried send is stored once and acknowledged with the same row.
 *
 * Scale-out: one process keeps rooms, limits and bot timers in memory. Several processes would
 * need the Socket.IO Redis adapter (InterServerEvents) and a shared rate-limit store.
 *
 * `attachChat` never listens; server/index.ts (or a test) owns the HTTP server.
 * Socket.IO examples followed: https://socket.io/docs/v4/typescript/, ".../middlewares/".
 */
import type http from 'node:http';
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
import { CHAT_AGENT_GRACE_MS, CHAT_MAX_PAYLOAD_BYTES } from '../../shared/constants';
import { readSessionCookie, sessionCookieName } from '../auth/cookies';
import { validateSessionToken } from '../auth/session';
import type { SessionEvents } from '../auth/session-events';
import type { AppDatabase } from '../db/database';
import { chat } from '../data/chat';
import type { Env } from '../env';
import { createRateLimiter } from '../http/rate-limiter';
import type { Logger } from '../logger';
import { registerAgentHandlers, type AgentSocket } from './agent-handlers';
import { createChatService } from './chat-service';
import { errorText } from './handler-utils';
import { createChatRooms, type AgentNamespace, type VisitorNamespace } from './rooms';
import { registerVisitorHandlers, type VisitorSocket } from './visitor-handlers';
import { createVisitorIdentity, loadVisitorCookieSecret } from './visitor-identity';

export type ChatDeps = {
  env: Env;
  db: AppDatabase;
  logger: Logger;
  /** The same session events createApp announces on (server/index.ts makes one for both). */
  sessionEvents: SessionEvents;
  /** Overrides CHAT_COOKIE_SECRET / the stored secret (tests). */
  cookieSecret?: string;
  /** Overrides the bot's 1.5 s reply delay (never in production). */
  replyDelayMs?: number;
  /** Overrides the agent hand-back grace period (tests). */
  agentGraceMs?: number;
};

type HandshakeRequest = http.IncomingMessage & { _query?: Record<string, string>; chatVisitorId?: string };

const refusal = (code: ChatErrorCode, message: string): ExtendedError => {
  const error = new Error(message) as ExtendedError;
  error.data = { code, message } satisfies ChatError;
  return error;
};

/** The client's address, following TRUST_PROXY hops of X-Forwarded-For like Express does. */
function clientIp(req: http.IncomingMessage, trustProxy: number): string {
  const remote = req.socket.remoteAddress ?? 'unknown';
  if (trustProxy <= 0) return remote;
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .reverse();
  const chain = [remote, ...forwarded];
  return chain[Math.min(trustProxy, chain.length - 1)]!;
}

const isHttps = (req: http.IncomingMessage, trustProxy: number) =>
  Boolean((req.socket as { encrypted?: boolean }).encrypted) || (trustProxy > 0 && String(req.headers['x-forwarded-proto'] ?? '').startsWith('https'));

/** Same rule as server/http/origin-check.ts: an Origin must be this site; without one, not a cross-site fetch. */
function originAllowed(req: http.IncomingMessage, publicOrigin: string | undefined): boolean {
  const origin = req.headers.origin;
  if (!origin) return req.headers['sec-fetch-site'] !== 'cross-site';
  try {
    const url = new URL(origin);
    if (publicOrigin && url.origin === new URL(publicOrigin).origin) return true;
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === req.headers.host;
  } catch {
    return false;
  }
}

export function attachChat(httpServer: http.Server, deps: ChatDeps) {
  const { env, db, logger } = deps;
  const identity = createVisitorIdentity(env, deps.cookieSecret ?? loadVisitorCookieSecret(env, logger));
  const maxPerIp = env.CHAT_MAX_CONNECTIONS_PER_IP;
  const engineConnections = new Map<string, number>();
  const visitorConnections = new Map<string, number>();
  const count = (map: Map<string, number>, key: string, delta: number) => {
    const next = (map.get(key) ?? 0) + delta;
    if (next > 0) map.set(key, next);
    else map.delete(key);
  };

  const io = new Server<VisitorClientToServerEvents, VisitorServerToClientEvents, InterServerEvents, SocketData>(httpServer, {
    serveClient: false,
    maxHttpBufferSize: CHAT_MAX_PAYLOAD_BYTES,
    // No CORS headers: only this site's own pages may talk to the chat.
    allowRequest: (req, callback) => {
      if (!originAllowed(req, env.PUBLIC_ORIGIN)) return callback('Origin not allowed', false);
      // A hard stop well above the visible per-IP cap (raw handshakes that never join a namespace).
      if ((engineConnections.get(clientIp(req, env.TRUST_PROXY)) ?? 0) >= maxPerIp * 2) return callback('Too many connections', false);
      callback(null, true);
    },
  });

  io.engine.on('connection', (rawSocket: { request: http.IncomingMessage; on: (event: 'close', listener: () => void) => void }) => {
    const ip = clientIp(rawSocket.request, env.TRUST_PROXY);
    count(engineConnections, ip, 1);
    rawSocket.on('close', () => count(engineConnections, ip, -1));
  });

  // The visitor cookie is set (or refreshed) only on the widget's own first handshake response.
  io.engine.on('initial_headers', (headers: Record<string, string | string[]>, req: HandshakeRequest) => {
    if (req._query?.client !== VISITOR_HANDSHAKE_QUERY.client) return;
    const visitorId = identity.read(req.headers.cookie) ?? identity.newVisitorId();
    req.chatVisitorId = visitorId;
    headers['Set-Cookie'] = identity.setCookieHeader(visitorId, isHttps(req, env.TRUST_PROXY));
  });

  const visitors = io.of(CHAT_NAMESPACES.visitor) as unknown as VisitorNamespace;
  const agents = io.of(CHAT_NAMESPACES.agent) as unknown as AgentNamespace;
  const rooms = createChatRooms(visitors, agents);
  const service = createChatService({ db, logger, rooms, replyDelayMs: deps.replyDelayMs });
  const messageLimiter = createRateLimiter({ limit: env.CHAT_MESSAGES_PER_MINUTE, windowMs: 60_000 });
  const graceTimers = new Set<NodeJS.Timeout>();

  const sessionFor = async (cookieHeader: string | undefined) => {
    const token = readSessionCookie(cookieHeader, sessionCookieName(env));
    return token ? validateSessionToken(db, token) : null;
  };

  // Nothing lives on the main namespace.
  io.use((_socket, next) => next(refusal('FORBIDDEN', chatTexts.connectionRefused)));

  visitors.use(async (socket, next) => {
    const req = socket.request as HandshakeRequest;
    const ip = clientIp(req, env.TRUST_PROXY);
    if ((visitorConnections.get(ip) ?? 0) >= maxPerIp) return next(refusal('TOO_MANY_CONNECTIONS', chatTexts.tooManyConnections));
    count(visitorConnections, ip, 1);
    try {
      const session = await sessionFor(req.headers.cookie);
      if (session) {
        socket.data = { ip, user: session.user, sessionId: session.session.id, visitorKey: `u:${session.user.id}` };
        return next();
      }
      const visitorId = identity.read(req.headers.cookie) ?? req.chatVisitorId;
      if (!visitorId) {
        count(visitorConnections, ip, -1);
        return next(refusal('UNAUTHORIZED', chatTexts.connectionRefused));
      }
      socket.data = { ip, user: null, sessionId: null, visitorKey: `v:${visitorId}` };
      next();
    } catch (error) {
      count(visitorConnections, ip, -1);
      logger.error('chat visitor handshake failed', { error: errorText(error) });
      next(refusal('STORAGE_FAILED', chatTexts.connectionRefused));
    }
  });

  visitors.on('connection', (socket: VisitorSocket) => {
    socket.on('disconnect', () => count(visitorConnections, socket.data.ip, -1));
    registerVisitorHandlers(socket, { db, logger, service, messageLimiter });
  });

  agents.use(async (socket, next) => {
    try {
      const session = await sessionFor(socket.request.headers.cookie);
      if (!session) return next(refusal('UNAUTHORIZED', 'Please log in to continue.'));
      if (session.user.role !== 'agent' && session.user.role !== 'admin') return next(refusal('FORBIDDEN', 'The support console is for support staff only.'));
      socket.data = { ip: clientIp(socket.request, env.TRUST_PROXY), user: session.user, sessionId: session.session.id };
      next();
    } catch (error) {
      logger.error('chat agent handshake failed', { error: errorText(error) });
      next(refusal('STORAGE_FAILED', 'Something went wrong on our side. Please try again.'));
    }
  });

  /** When an agent has had no console open for the grace period, their rooms go back to the bot. */
  const releaseIfGone = (agentId: number) => {
    const timer = setTimeout(() => {
      graceTimers.delete(timer);
      if (rooms.agentOnline(agentId)) return;
      void (async () => {
        try {
          for (const room of await chat.listAssignedTo(db, agentId)) {
            if (await chat.setAssignedAgent(db, room.id, null, agentId)) {
              rooms.roomAgentChanged(room.visitor_key, null);
              await service.announceSummary(room.id);
            }
          }
        } catch (error) {
          logger.error('chat agent hand-back failed', { error: errorText(error) });
        }
      })();
    }, deps.agentGraceMs ?? CHAT_AGENT_GRACE_MS);
    graceTimers.add(timer);
  };

  agents.on('connection', (socket: AgentSocket) => {
    socket.on('disconnect', () => releaseIfGone(socket.data.user!.id));
    registerAgentHandlers(socket, { db, logger, service });
  });

  // Logout, password reset or account deletion: that session's sockets go at once.
  const unsubscribe = deps.sessionEvents.onSessionsInvalidated((_userId, sessionIds) => {
    const ended = new Set(sessionIds);
    for (const namespace of [visitors, agents] as const) {
      for (const socket of namespace.sockets.values()) {
        if (socket.data.sessionId && ended.has(socket.data.sessionId)) socket.disconnect(true);
      }
    }
  });

  return {
    io,
    /** Disconnects every chat client and stops timers; the HTTP server itself stays with its owner. */
    close: async () => {
      unsubscribe();
      service.close();
      for (const timer of graceTimers) clearTimeout(timer);
      graceTimers.clear();
      visitors.disconnectSockets(true);
      agents.disconnectSockets(true);
      io.engine.close();
    },
  };
}
