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
  visitorRatingSchema,
  visitorSeenSchema,
  visitorSyncSchema,
  visitorTypingSchema,
  visitorWhatsAppSchema,
} from '../../shared/schemas/chat';
import { chatDesk } from '../data/chat-desk';
import type { AppDatabase } from '../db/database';
import { chat } from '../data/chat';
import { users } from '../data/users';
import { hitAll, type RateLimiter } from '../http/rate-limiter';
import type { Logger } from '../logger';
import type { ChatService } from './chat-service';
import { toChatMessage } from './chat-message';
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

/** Handlers need the socket, its visitor's key and a way to find their conversation. */
type VisitorContext = VisitorHandlerDeps & {
  socket: VisitorSocket;
  visitorKey: string;
  /** The visitor's conversation, if they have written yet. */
  conversation: () => ReturnType<typeof chat.findConversationByKey>;
};

export function registerVisitorHandlers(socket: VisitorSocket, deps: VisitorHandlerDeps) {
  const visitorKey = socket.data.visitorKey!;
  void socket.join(visitorRoom(visitorKey));
  const conversation = () => chat.findConversationByKey(deps.db, visitorKey);
  const context: VisitorContext = { ...deps, socket, visitorKey, conversation };
  registerMessageHandlers(context);
  registerActivityHandlers(context);
  registerRatingHandler(context);
  registerPresence(context);
}

/** Sending a message (within the limits) and syncing the conversation's history. */
function registerMessageHandlers(context: VisitorContext) {
  const { socket, visitorKey, logger, service, messageLimiters } = context;
  // One-way: names the visitor's stored outbox in the browser without revealing the key (a 128-bit secret).
  const outboxKey = createHash('sha256').update(`chat-outbox:${visitorKey}`).digest('base64url').slice(0, 22);

  socket.on(
    'message:send',
    acked(
      visitorMessageSendSchema,
      async (input) => {
        const limit = await hitAll(messageLimiters, visitorKey);
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
      (input) => syncConversation(context, outboxKey, input.afterId),
      (error) => {
        logger.error('chat sync failed', { err: error });
        return chatError('STORAGE_FAILED', chatTexts.storageFailed);
      },
    ),
  );
}

/** The visitor's history (all of it, or what came after `afterId`) and the state of their conversation. */
async function syncConversation({ db, conversation }: VisitorContext, outboxKey: string, afterId: number | undefined) {
  const found = await conversation();
  if (!found)
    return {
      ok: true as const,
      messages: [],
      agent: null,
      outboxKey,
      reference: null,
      seenMessageId: 0,
      ratingRequested: false,
      botReplyOwed: null,
    };
  const [rows, agent] = await Promise.all([
    chat.listMessages(db, found.id, {
      afterId,
      limit: afterId === undefined ? CHAT_HISTORY_LIMIT : 1000,
    }),
    found.assigned_agent_id === null ? undefined : users.findById(db, found.assigned_agent_id),
  ]);
  // Read after the messages: a reply sent in between shows in neither, and arrives as its own event.
  const botReplyOwed = await chat.owedReplyId(db, found.id);
  return {
    ok: true as const,
    messages: rows.map(toChatMessage),
    agent: agent ? { name: agent.full_name } : null,
    outboxKey,
    reference: `#${found.id}`,
    seenMessageId: found.visitor_seen_message_id,
    ratingRequested: found.rating_requested === 1,
    botReplyOwed,
  };
}

/** What the visitor does besides writing: typing, moving between pages, reading, leaving for WhatsApp. */
function registerActivityHandlers({ socket, db, logger, service, conversation }: VisitorContext) {
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

  socket.on(
    'conversation:seen',
    unacked(
      visitorSeenSchema,
      async ({ lastMessageId }) => {
        const found = await conversation();
        if (found && lastMessageId > found.visitor_seen_message_id)
          await chatDesk.markSeen(db, found.id, Math.min(lastMessageId, await chat.latestMessageId(db, found.id)));
      },
      (error) => logger.error('chat seen failed', { err: error }),
    ),
  );

  socket.on(
    'whatsapp:opened',
    unacked(
      visitorWhatsAppSchema,
      async () => {
        const found = await conversation();
        if (!found) return;
        await chatDesk.markWhatsApp(db, found.id);
        await service.announceSummary(found.id);
      },
      (error) => logger.error('chat whatsapp mark failed', { err: error }),
    ),
  );
}

/** 'How did we do?': the visitor's rating of a resolved conversation. */
function registerRatingHandler({ socket, db, logger, service, conversation }: VisitorContext) {
  socket.on(
    'rating:send',
    acked(
      visitorRatingSchema,
      async ({ rating, comment }) => {
        const found = await conversation();
        if (!found || !(await chatDesk.saveRating(db, found.id, rating, comment || null)))
          return chatError('NOT_FOUND', 'There is no conversation to rate right now.');
        await service.ratingsChanged(found.id);
        return { ok: true };
      },
      (error) => {
        logger.error('chat rating failed', { err: error });
        return chatError('STORAGE_FAILED', 'Could not send your rating. Please try again.');
      },
    ),
  );
}

/** Agents see the visitor come online; on the last tab's disconnect, offline. */
function registerPresence({ socket, visitorKey, service, conversation }: VisitorContext) {
  const announcePresence = async () => {
    if (!(await service.rooms.agentsConnected())) return;
    const found = await conversation().catch(() => undefined);
    if (found) await service.announceSummary(found.id);
  };
  void announcePresence();
  socket.on('disconnect', () => {
    service.rooms.visitorDisconnected(visitorKey);
    void announcePresence();
  });
}
