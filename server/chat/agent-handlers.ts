/**
 * The agent namespace's handlers. Only agents and admins get here (the handshake middleware in
 * attach-chat.ts refuses everyone else). Joining a room claims it: the visitor sees who joined
 * and the bot stays quiet until the agent leaves.
 */
import type { Socket } from 'socket.io';
import type {
  AgentClientToServerEvents,
  AgentServerToClientEvents,
  InterServerEvents,
  SocketData,
} from '../../shared/chat-events';
import { chatTexts } from '../../shared/chat-texts';
import { CHAT_HISTORY_LIMIT } from '../../shared/constants';
import {
  agentConversationSchema,
  agentListSchema,
  agentMessageSendSchema,
  agentReadSchema,
  agentTypingSchema,
} from '../../shared/schemas/chat';
import type { AuditLog } from '../audit/audit-log';
import type { AppDatabase } from '../db/database';
import { chat } from '../data/chat';
import type { Logger } from '../logger';
import { toChatMessage, type ChatService } from './chat-service';
import { acked, chatError, unacked } from './handler-utils';
import { AGENTS_ROOM } from './rooms';

export type AgentSocket = Socket<AgentClientToServerEvents, AgentServerToClientEvents, InterServerEvents, SocketData>;

export type AgentHandlerDeps = { db: AppDatabase; logger: Logger; service: ChatService; audit: AuditLog };

const CONVERSATION_LIST_LIMIT = 100;

const notFound = () => chatError('NOT_FOUND', 'That conversation no longer exists.');

/** Handlers need the socket, its agent and how to answer a failure. */
type AgentContext = AgentHandlerDeps & {
  socket: AgentSocket;
  agent: NonNullable<AgentSocket['data']['user']>;
  failed: (what: string) => (error: unknown) => ReturnType<typeof chatError>;
};

export function registerAgentHandlers(socket: AgentSocket, deps: AgentHandlerDeps) {
  const agent = socket.data.user!;
  void socket.join(AGENTS_ROOM);
  const failed = (what: string) => (error: unknown) => {
    deps.logger.error(`chat agent ${what} failed`, { err: error });
    return chatError('STORAGE_FAILED', 'Something went wrong on our side. Please try again.');
  };
  const context: AgentContext = { ...deps, socket, agent, failed };
  registerReadingHandlers(context);
  registerRoomHandlers(context);
  registerMessageHandlers(context);
}

/** Listing, opening and marking conversations read. */
function registerReadingHandlers({ socket, agent, db, logger, service, failed }: AgentContext) {
  socket.on(
    'conversation:list',
    acked(
      agentListSchema,
      async () => {
        const rows = await chat.listSummaries(db, CONVERSATION_LIST_LIMIT);
        return {
          ok: true,
          conversations: rows.map(service.toSummary),
          me: { id: agent.id, name: agent.fullName, role: agent.role === 'admin' ? 'admin' : 'agent' },
        };
      },
      failed('list'),
    ),
  );

  socket.on(
    'conversation:open',
    acked(
      agentConversationSchema,
      async ({ conversationId }) => {
        const conversation = await chat.findConversationById(db, conversationId);
        if (!conversation) return notFound();
        const rows = await chat.listMessages(db, conversationId, { limit: CHAT_HISTORY_LIMIT });
        const last = rows.at(-1);
        if (last) await chat.markRead(db, conversationId, last.id);
        const summary = await service.summary(conversationId);
        if (!summary) return notFound();
        service.rooms.summaryUpdated(summary);
        return { ok: true, conversation: summary, messages: rows.map(toChatMessage) };
      },
      failed('open'),
    ),
  );

  socket.on(
    'conversation:read',
    unacked(
      agentReadSchema,
      async ({ conversationId, lastMessageId }) => {
        await chat.markRead(db, conversationId, lastMessageId);
        await service.announceSummary(conversationId);
      },
      (error) => logger.error('chat agent read failed', { err: error }),
    ),
  );
}

/** Joining (claiming) and leaving a room; both are audited. */
function registerRoomHandlers({ socket, agent, db, service, audit, failed }: AgentContext) {
  const auditRoom = (type: 'room.join' | 'room.leave', conversationId: number) =>
    void audit.record({
      type,
      actorUserId: agent.id,
      email: agent.email,
      ip: socket.data.ip,
      subject: `conversation:${conversationId}`,
    });

  socket.on(
    'room:join',
    acked(
      agentConversationSchema,
      async ({ conversationId }) => {
        const conversation = await chat.findConversationById(db, conversationId);
        if (!conversation) return notFound();
        const current = conversation.assigned_agent_id;
        if (current !== agent.id) {
          // A room held by an agent who is still online stays theirs; one whose agent has gone may be taken over.
          if (current !== null && service.rooms.agentOnline(current)) {
            const summary = await service.summary(conversationId);
            return chatError(
              'ALREADY_CLAIMED',
              `${summary?.assignedAgent?.name ?? 'Another agent'} has already joined this conversation.`,
            );
          }
          const changed = await chat.setAssignedAgent(db, conversationId, agent.id, current);
          if (!changed) return chatError('ALREADY_CLAIMED', 'Another agent joined this conversation a moment ago.');
        }
        service.rooms.roomAgentChanged(conversation.visitor_key, { name: agent.fullName });
        auditRoom('room.join', conversationId);
        const summary = await service.summary(conversationId);
        if (!summary) return notFound();
        service.rooms.summaryUpdated(summary);
        return { ok: true, conversation: summary };
      },
      failed('join'),
    ),
  );

  socket.on(
    'room:leave',
    acked(
      agentConversationSchema,
      async ({ conversationId }) => {
        const conversation = await chat.findConversationById(db, conversationId);
        if (!conversation) return notFound();
        if (conversation.assigned_agent_id !== agent.id)
          return chatError('FORBIDDEN', 'You have not joined this conversation.');
        await chat.setAssignedAgent(db, conversationId, null, agent.id);
        service.rooms.roomAgentChanged(conversation.visitor_key, null);
        auditRoom('room.leave', conversationId);
        const summary = await service.summary(conversationId);
        if (!summary) return notFound();
        service.rooms.summaryUpdated(summary);
        return { ok: true, conversation: summary };
      },
      failed('leave'),
    ),
  );
}

/** Replies and typing, in rooms the agent has joined. */
function registerMessageHandlers({ socket, agent, db, logger, service }: AgentContext) {
  socket.on(
    'message:send',
    acked(
      agentMessageSendSchema,
      async ({ conversationId, clientId, message }) => {
        const conversation = await chat.findConversationById(db, conversationId);
        if (!conversation) return notFound();
        if (conversation.assigned_agent_id !== agent.id)
          return chatError('FORBIDDEN', 'Join the conversation before you reply.');
        const stored = await service.storeAgentMessage({
          conversation,
          agentId: agent.id,
          agentName: agent.fullName,
          clientId,
          message,
        });
        await chat.markRead(db, conversationId, stored.id);
        return { ok: true, message: stored };
      },
      (error) => {
        logger.error('chat agent message not stored', { err: error });
        return chatError('STORAGE_FAILED', chatTexts.storageFailed);
      },
    ),
  );

  socket.on(
    'typing:update',
    unacked(
      agentTypingSchema,
      async ({ conversationId, typing }) => {
        const conversation = await chat.findConversationById(db, conversationId);
        if (conversation && conversation.assigned_agent_id === agent.id)
          service.rooms.agentTyping(conversation.visitor_key, agent.fullName, typing);
      },
      (error) => logger.error('chat agent typing failed', { err: error }),
    ),
  );
}
