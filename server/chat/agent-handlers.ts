/**
 * The agent namespace's handlers. Only agents and admins get here (the handshake middleware in
 * attach-chat.ts refuses everyone else). Joining a room claims it: the visitor sees who joined
 * and the bot stays quiet until the agent leaves.
 */
import type { Socket } from 'socket.io';
import type {
  AckResult,
  AgentClientToServerEvents,
  ConversationSummary,
  AgentServerToClientEvents,
  InterServerEvents,
  SocketData,
} from '../../shared/chat-events';
import { chatTexts } from '../../shared/chat-texts';
import { CHAT_HISTORY_LIMIT } from '../../shared/constants';
import { phoneE164 } from '../../shared/phone';
import {
  CONTACT_PHONE_INVALID_MESSAGE,
  agentAssignSchema,
  agentContactSchema,
  agentConversationSchema,
  agentListSchema,
  agentMessageSendSchema,
  agentNoteAddSchema,
  agentPresenceSchema,
  agentReadSchema,
  agentStatusSchema,
  agentTypingSchema,
  cannedReplyDeleteSchema,
  cannedReplySaveSchema,
} from '../../shared/schemas/chat';
import { chatDesk } from '../data/chat-desk';
import { chatNotes } from '../data/chat-notes';
import { staffMembers } from '../data/staff-members';
import type { MailQueue } from '../mail/mail-queue';
import { chatTranscriptMail } from '../mail/chat-mails';
import type { AgentPresenceBoard } from './agent-presence';
import { chatTranscript } from './transcript';
import type { AuditLog } from '../audit/audit-log';
import type { AppDatabase } from '../db/database';
import { chat } from '../data/chat';
import type { Logger } from '../logger';
import { toChatMessage } from './chat-message';
import type { ChatService } from './chat-service';
import { acked, chatError, unacked } from './handler-utils';
import { AGENTS_ROOM } from './rooms';
import { WhatsAppWindowClosedError, isWhatsAppConversation, withAttachments, withDeliveries } from './whatsapp-desk';
import { whatsAppDeskTexts } from '../../shared/messaging/whatsapp-desk';
import { agentWhatsAppTemplateSchema } from '../../shared/schemas/whatsapp-desk';

export type AgentSocket = Socket<AgentClientToServerEvents, AgentServerToClientEvents, InterServerEvents, SocketData>;

export type AgentHandlerDeps = {
  db: AppDatabase;
  logger: Logger;
  service: ChatService;
  audit: AuditLog;
  presence: AgentPresenceBoard;
  mail: MailQueue;
  /** Gives the agent's rooms back to the bot now, their tabs open or not (they chose Away, issue #29.1). */
  handBackRooms: (agentId: number) => Promise<void>;
};

const CONVERSATION_LIST_LIMIT = 100;

const notFound = () => chatError('NOT_FOUND', 'That conversation no longer exists.');

/**
 * A conversation held by a colleague who is still online stays theirs: others may not join it, reply in it or change
 * its status (ADR 0033); they can ask for a transfer. One whose agent has gone may be taken over.
 */
async function heldByColleague(context: AgentContext, conversation: { id: number; assigned_agent_id: number | null }) {
  const current = conversation.assigned_agent_id;
  if (current === null || current === context.agent.id || !(await context.service.rooms.agentOnline(current)))
    return null;
  const summary = await context.service.summary(conversation.id, context.agent.id);
  const holder = summary?.assignedAgent ?? { id: current, name: 'Another agent' };
  return chatError('ALREADY_CLAIMED', `${holder.name} has this conversation. You can ask them to transfer it.`, {
    holder,
  });
}

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
  registerDeskHandlers(context);
}

/**
 * Every staff write is audited with who, from where and which conversation, before it is acknowledged: whoever reads
 * the audit log after the answer finds the entry (a failed audit write is logged, never thrown).
 */
const auditFor =
  ({ audit, agent, socket }: AgentContext) =>
  (type: Parameters<AuditLog['record']>[0]['type'], subject: string, detail?: Record<string, string | number>) =>
    audit.record({ type, actorUserId: agent.id, email: agent.email, ip: socket.data.ip, subject, detail });

/** Listing, opening and marking conversations read. */
function registerReadingHandlers({ socket, agent, db, logger, service, presence, failed }: AgentContext) {
  socket.on(
    'conversation:list',
    acked(
      agentListSchema,
      async ({ view = 'open', search }) => {
        const [rows, counts, team, cannedReplies, ratings] = await Promise.all([
          chat.listSummaries(db, {
            agentId: agent.id,
            view,
            search: search || undefined,
            searchPhoneE164: phoneE164(search),
            limit: CONVERSATION_LIST_LIMIT,
          }),
          chat.viewCounts(db, agent.id),
          presence.team(),
          chatDesk.listCannedReplies(db),
          chatDesk.ratingSummary(db),
        ]);
        return {
          ok: true,
          conversations: rows.map(service.toSummary),
          counts,
          me: { id: agent.id, name: agent.fullName, role: agent.role === 'admin' ? 'admin' : 'agent' },
          team,
          cannedReplies,
          ratings,
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
        if (last) await chat.markRead(db, conversationId, agent.id, last.id);
        const summary = await service.summary(conversationId, agent.id);
        if (!summary) return notFound();
        // Only this agent's badge changes.
        service.rooms.summaryUpdated(agent.id, summary);
        const notes = await chatNotes.list(db, conversationId, CHAT_HISTORY_LIMIT);
        const messages = await withAttachments(
          db,
          conversation,
          await withDeliveries(db, conversation, rows.map(toChatMessage)),
        );
        return { ok: true, conversation: summary, messages, notes };
      },
      failed('open'),
    ),
  );

  socket.on(
    'conversation:read',
    unacked(
      agentReadSchema,
      async ({ conversationId, lastMessageId }) => {
        await chat.markRead(db, conversationId, agent.id, lastMessageId);
        const summary = await service.summary(conversationId, agent.id);
        if (summary) service.rooms.summaryUpdated(agent.id, summary);
      },
      (error) => logger.error('chat agent read failed', { err: error }),
    ),
  );
}

/** Joining (claiming) and leaving a room; both are audited. */
function registerRoomHandlers(context: AgentContext) {
  const { socket, agent, db, service, audit, failed } = context;
  const auditRoom = (type: 'room.join' | 'room.leave', conversationId: number) =>
    audit.record({
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
          const held = await heldByColleague(context, conversation);
          if (held) return held;
          const changed = await chat.setAssignedAgent(db, conversationId, agent.id, current);
          if (!changed) return chatError('ALREADY_CLAIMED', 'Another agent joined this conversation a moment ago.');
        }
        service.rooms.roomAgentChanged(conversation.visitor_key, { name: agent.fullName });
        await auditRoom('room.join', conversationId);
        await service.announceSummary(conversationId);
        const summary = await service.summary(conversationId, agent.id);
        if (!summary) return notFound();
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
        await auditRoom('room.leave', conversationId);
        await service.coverGap(conversationId);
        await service.announceSummary(conversationId);
        const summary = await service.summary(conversationId, agent.id);
        if (!summary) return notFound();
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
        await chat.markRead(db, conversationId, agent.id, stored.id);
        return { ok: true, message: stored };
      },
      (error) => {
        if (error instanceof WhatsAppWindowClosedError) return chatError('WINDOW_CLOSED', error.message);
        logger.error('chat agent message not stored', { err: error });
        return chatError('STORAGE_FAILED', chatTexts.storageFailed);
      },
    ),
  );

  // After the WhatsApp window: an approved template (issue #30).
  socket.on(
    'whatsapp:template',
    acked(
      agentWhatsAppTemplateSchema,
      async ({ conversationId, clientId, template }) => {
        const conversation = await chat.findConversationById(db, conversationId);
        if (!conversation) return notFound();
        if (conversation.assigned_agent_id !== agent.id)
          return chatError('FORBIDDEN', 'Join the conversation before you reply.');
        if (!isWhatsAppConversation(conversation))
          return chatError('INVALID_PAYLOAD', whatsAppDeskTexts.templateOnlyOnWhatsApp);
        const stored = await service.sendWhatsAppTemplate({
          conversation,
          agentId: agent.id,
          agentName: agent.fullName,
          clientId,
          template,
        });
        await chat.markRead(db, conversationId, agent.id, stored.id);
        return { ok: true, message: stored };
      },
      (error) => {
        logger.error('chat whatsapp template not stored', { err: error });
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

/** Status, assignment and transfer, transcripts, presence and canned replies (issue #14). */
function registerDeskHandlers(context: AgentContext) {
  registerOwnershipHandlers(context);
  registerTranscriptHandler(context);
  registerPresenceHandler(context);
  registerCannedReplyHandlers(context);
  registerNoteAndContactHandlers(context);
}

/** Who has a conversation and in what state: status, assignment and asking for a transfer. */
function registerOwnershipHandlers(context: AgentContext) {
  const { socket, agent, db, service, failed } = context;
  const record = auditFor(context);
  const answerWithSummary = async (conversationId: number) => {
    const summary = await service.summary(conversationId, agent.id);
    return summary ? { ok: true as const, conversation: summary } : notFound();
  };

  socket.on(
    'conversation:status',
    acked(
      agentStatusSchema,
      async ({ conversationId, status }) => {
        const conversation = await chat.findConversationById(db, conversationId);
        if (!conversation) return notFound();
        const held = await heldByColleague(context, conversation);
        if (held) return held;
        if (!(await service.setStatus(conversation, status))) return notFound();
        await record('chat.status', `conversation:${conversationId}`, { status });
        return answerWithSummary(conversationId);
      },
      failed('status'),
    ),
  );

  socket.on(
    'room:assign',
    acked(
      agentAssignSchema,
      async ({ conversationId, agentId }) => {
        const conversation = await chat.findConversationById(db, conversationId);
        if (!conversation) return notFound();
        const current = conversation.assigned_agent_id;
        // A colleague's room is theirs to hand over while they are online (admins may reassign any).
        if (
          current !== null &&
          current !== agent.id &&
          agent.role !== 'admin' &&
          (await service.rooms.agentOnline(current))
        )
          return chatError('FORBIDDEN', 'Only the agent who has this conversation can transfer it.');
        const assignee = await staffMembers.findActive(db, agentId);
        if (!assignee) return chatError('NOT_FOUND', 'That colleague is not on the team any more.');
        // Nobody would answer a room given to someone with no console open (and the bot would stay quiet).
        if (!(await service.rooms.agentOnline(agentId)))
          return chatError('FORBIDDEN', `${assignee.fullName} is offline. Assign it to a colleague who is online.`);
        if (!(await chat.setAssignedAgent(db, conversationId, agentId, current)))
          return chatError('ALREADY_CLAIMED', 'Someone changed this conversation a moment ago. Please try again.');
        service.rooms.roomAgentChanged(conversation.visitor_key, { name: assignee.fullName });
        await record('room.assign', `conversation:${conversationId}`, { to: agentId, from: current ?? 0 });
        await service.announceSummary(conversationId);
        return answerWithSummary(conversationId);
      },
      failed('assign'),
    ),
  );

  socket.on(
    'transfer:request',
    acked(
      agentConversationSchema,
      async ({ conversationId }) => {
        const conversation = await chat.findConversationById(db, conversationId);
        if (!conversation) return notFound();
        const holder = conversation.assigned_agent_id;
        if (holder === null || holder === agent.id)
          return chatError('NOT_FOUND', 'Nobody else has this conversation now: you can join it.');
        service.rooms
          .toAgent(holder)
          .emit('transfer:requested', { conversationId, from: { id: agent.id, name: agent.fullName } });
        await record('room.transfer_requested', `conversation:${conversationId}`, { holder });
        return { ok: true };
      },
      failed('transfer request'),
    ),
  );
}

/** The transcript mailed to the visitor's known address. */
function registerTranscriptHandler(context: AgentContext) {
  const { socket, db, failed } = context;
  const record = auditFor(context);
  socket.on(
    'transcript:email',
    acked(
      agentConversationSchema,
      async ({ conversationId }) => {
        const conversation = await chat.findConversationById(db, conversationId);
        if (!conversation) return notFound();
        const address = await chatDesk.visitorAddress(db, conversationId);
        if (!address)
          return chatError(
            'NO_ADDRESS',
            'No e-mail address is known for this visitor, so the transcript cannot be sent.',
          );
        const messages = (await chat.listMessages(db, conversationId, { limit: TRANSCRIPT_LIMIT })).map(toChatMessage);
        await context.mail.enqueue(
          chatTranscriptMail({
            to: address.email,
            name: address.name,
            reference: `#${conversationId}`,
            transcript: chatTranscript({ reference: `#${conversationId}`, visitorName: address.name, messages }),
          }),
        );
        await record('chat.transcript_emailed', `conversation:${conversationId}`);
        return { ok: true, sentTo: address.email };
      },
      failed('transcript'),
    ),
  );
}

/** Online, away or offline, as the agent sets it. */
function registerPresenceHandler({ socket, agent, presence, logger, handBackRooms }: AgentContext) {
  socket.on(
    'presence:set',
    unacked(
      agentPresenceSchema,
      async ({ status }) => {
        await presence.set(agent.id, status);
        // Away ends ownership as leaving does: nobody is left waiting on a person who stepped out.
        if (status === 'away') await handBackRooms(agent.id);
      },
      (error) => logger.error('chat presence failed', { err: error }),
    ),
  );
}

/** Canned replies: every agent uses them, only admins change them. */
function registerCannedReplyHandlers(context: AgentContext) {
  const { socket, agent, db, service, failed } = context;
  const record = auditFor(context);
  const adminOnly = () => chatError('FORBIDDEN', 'Only admins can change canned replies.');
  const announceCanned = async () =>
    service.rooms.toAllAgents().emit('canned:updated', await chatDesk.listCannedReplies(db));

  socket.on(
    'canned:save',
    acked(
      cannedReplySaveSchema,
      async (input) => {
        if (agent.role !== 'admin') return adminOnly();
        const reply = await chatDesk.saveCannedReply(db, input);
        if (!reply) return chatError('NOT_FOUND', 'That canned reply no longer exists.');
        await record('canned.save', `canned:${reply.id}`);
        await announceCanned();
        return { ok: true, reply };
      },
      failed('canned save'),
    ),
  );

  socket.on(
    'canned:delete',
    acked(
      cannedReplyDeleteSchema,
      async ({ id }) => {
        if (agent.role !== 'admin') return adminOnly();
        if (!(await chatDesk.deleteCannedReply(db, id)))
          return chatError('NOT_FOUND', 'That canned reply no longer exists.');
        await record('canned.delete', `canned:${id}`);
        await announceCanned();
        return { ok: true };
      },
      failed('canned delete'),
    ),
  );
}

/** Messages in a transcript (the history a conversation can hold before retention). */
export const TRANSCRIPT_LIMIT = 5000;

/**
 * Private notes and the visitor's contact details (issue #29.3, #29.4): any agent, in any conversation, at any hour.
 * Notes go to the agents' room only; the visitor's room never hears of them.
 */
function registerNoteAndContactHandlers(context: AgentContext) {
  const { socket, agent, db, service, failed } = context;
  const record = auditFor(context);

  socket.on(
    'note:add',
    acked(
      agentNoteAddSchema,
      async ({ conversationId, body }) => {
        if (!(await chat.findConversationById(db, conversationId))) return notFound();
        const note = await chatNotes.add(db, { conversationId, agentId: agent.id, body });
        await record('chat.note', `conversation:${conversationId}`, { note: note.id });
        service.rooms.toAllAgents().emit('note:created', { conversationId, note });
        return { ok: true, note };
      },
      failed('note'),
    ),
  );

  socket.on('contact:update', async (payload: unknown, ack: unknown) => {
    if (typeof ack !== 'function') return;
    const reply = ack as (result: AckResult<{ conversation: ConversationSummary }>) => void;
    const parsed = agentContactSchema.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return reply(
        chatError('INVALID_PAYLOAD', issue?.message ?? 'Those contact details are not valid.', {
          field: typeof issue?.path[0] === 'string' ? issue.path[0] : undefined,
        }),
      );
    }
    const { conversationId, name, email } = parsed.data;
    const phone = parsed.data.phone === null ? null : phoneE164(parsed.data.phone);
    if (parsed.data.phone !== null && phone === null)
      return reply(chatError('INVALID_PAYLOAD', CONTACT_PHONE_INVALID_MESSAGE, { field: 'phone' }));
    try {
      const before = await chatNotes.setContact(db, conversationId, { name, email, phone });
      if (!before) return reply(notFound());
      const changed = (['name', 'email', 'phone'] as const).filter(
        (key) => before[key] !== { name, email, phone }[key],
      );
      await record('chat.contact', `conversation:${conversationId}`, { changed: changed.join(',') || 'none' });
      await service.announceSummary(conversationId);
      const summary = await service.summary(conversationId, agent.id);
      reply(summary ? { ok: true, conversation: summary } : notFound());
    } catch (error) {
      reply(failed('contact')(error));
    }
  });
}
