/**
 * The visitor namespace's handlers. The conversation is always the one of `socket.data.visitorKey`
 * (signed cookie or session, set by the handshake middleware); payloads never name one.
 */
import { createHash } from 'node:crypto';
import type { Socket } from 'socket.io';
import type {
  InterServerEvents,
  SocketData,
  VisitorClientToServerEvents,
  VisitorServerToClientEvents,
} from '../../shared/chat-events';
import { chatTexts } from '../../shared/chat-texts';
import { CHAT_HISTORY_LIMIT } from '../../shared/constants';
import {
  visitorMessageSendSchema,
  visitorPageSchema,
  visitorSyncSchema,
  visitorTypingSchema,
} from '../../shared/schemas/chat';
import type { AppDatabase } from '../db/database';
import { chat } from '../data/chat';
import { users } from '../data/users';
import type { RateLimiter } from '../http/rate-limiter';
import type { Logger } from '../logger';
import type { ChatService } from './chat-service';
import { toChatMessage } from './chat-service';
import { acked, chatError, unacked } from './handler-utils';
import { visitorRoom } from './rooms';

export type VisitorSocket = Socket<
  VisitorClientToServerEvents,
  VisitorServerToClientEvents,
  InterServerEvents,
  SocketData
>;

export type VisitorHandlerDeps = {
  db: AppDatabase;
  logger: Logger;
  service: ChatService;
  /** Every limit a message must pass (burst and per minute); a refused message counts against none. */
  messageLimiters: RateLimiter[];
};

/** Counts one message against every limiter, or none when one of them is full. */
function hitAll(limiters: RateLimiter[], key: string) {
  let longest: { retryAfterSeconds: number } | null = null;
  for (const limiter of limiters) {
    const verdict = limiter.check(key);
    if (!verdict.allowed && (!longest || verdict.retryAfterSeconds > longest.retryAfterSeconds)) longest = verdict;
  }
  if (longest) return { allowed: false as const, retryAfterSeconds: longest.retryAfterSeconds };
  for (const limiter of limiters) limiter.hit(key);
  return { allowed: true as const };
}

export function registerVisitorHandlers(socket: VisitorSocket, deps: VisitorHandlerDeps) {
  const { db, logger, service, messageLimiters } = deps;
  const visitorKey = socket.data.visitorKey!;
  void socket.join(visitorRoom(visitorKey));

  const conversation = () => chat.findConversationByKey(db, visitorKey);
  // One-way: names the visitor's stored outbox in the browser without revealing the key (a 128-bit secret).
  const outboxKey = createHash('sha256').update(`chat-outbox:${visitorKey}`).digest('base64url').slice(0, 22);

  socket.on(
    'message:send',
    acked(
      visitorMessageSendSchema,
      async (input) => {
        const limit = hitAll(messageLimiters, visitorKey);
        if (!limit.allowed) {
          return chatError('RATE_LIMITED', chatTexts.rateLimited(limit.retryAfterSeconds), {
            retryAfterSeconds: limit.retryAfterSeconds,
          });
        }
        const { message } = await service.storeVisitorMessage({
          visitorKey,
          userId: socket.data.user?.id ?? null,
          page: socket.data.page ?? null,
          clientId: input.clientId,
          message: input.message,
        });
        return { ok: true, message };
      },
      (error) => {
        logger.error('chat message not stored', { err: error });
        return chatError('STORAGE_FAILED', chatTexts.storageFailed);
      },
    ),
  );

  socket.on(
    'conversation:sync',
    acked(
      visitorSyncSchema,
      async (input) => {
        const found = await conversation();
        if (!found) return { ok: true, messages: [], agent: null, outboxKey };
        const [rows, agent] = await Promise.all([
          chat.listMessages(db, found.id, {
            afterId: input.afterId,
            limit: input.afterId === undefined ? CHAT_HISTORY_LIMIT : 1000,
          }),
          found.assigned_agent_id === null ? undefined : users.findById(db, found.assigned_agent_id),
        ]);
        return {
          ok: true,
          messages: rows.map(toChatMessage),
          agent: agent ? { name: agent.full_name } : null,
          outboxKey,
        };
      },
      (error) => {
        logger.error('chat sync failed', { err: error });
        return chatError('STORAGE_FAILED', chatTexts.storageFailed);
      },
    ),
  );

  socket.on(
    'typing:update',
    unacked(
      visitorTypingSchema,
      async ({ typing }) => {
        const found = await conversation();
        if (found) service.rooms.visitorTyping(found.id, typing);
      },
      (error) => logger.error('chat typing failed', { err: error }),
    ),
  );

  socket.on(
    'page:update',
    unacked(
      visitorPageSchema,
      async ({ path }) => {
        socket.data.page = path;
        const found = await conversation();
        if (found && found.current_page !== path) {
          await chat.setCurrentPage(db, found.id, path);
          await service.announceSummary(found.id);
        }
      },
      (error) => logger.error('chat page update failed', { err: error }),
    ),
  );

  // Agents see the visitor come online; on the last tab's disconnect, offline.
  const announcePresence = async () => {
    if (!service.rooms.agentsConnected()) return;
    const found = await conversation().catch(() => undefined);
    if (found) await service.announceSummary(found.id);
  };
  void announcePresence();
  socket.on('disconnect', () => void announcePresence());
}
