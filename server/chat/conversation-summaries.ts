import { WHATSAPP_WINDOW_MS } from '../../shared/messaging/whatsapp-desk';
/** Conversation summaries for agents (each with their own unread count), and telling them when one changes. */
import type { ConversationSummary } from '../../shared/chat-events';
import { chat, type ConversationSummaryRow } from '../data/chat';
import type { AppDatabase } from '../db/database';
import type { Logger } from '../logger';
import type { ChatRooms } from './rooms';

const PREVIEW_LENGTH = 120;
const COUNTS_COALESCE_MS = 200;

export type ConversationSummaries = ReturnType<typeof createConversationSummaries>;

export function createConversationSummaries(db: AppDatabase, logger: Logger, rooms: ChatRooms) {
  const toSummary = (row: ConversationSummaryRow) => toConversationSummary(row, rooms.visitorOnline(row.visitor_key));

  const summary = async (conversationId: number, agentId: number): Promise<ConversationSummary | null> => {
    const row = await chat.findSummary(db, conversationId, agentId);
    return row ? toSummary(row) : null;
  };

  // View counts change with most summaries; a burst of changes is counted once per agent.
  let countsTimer: NodeJS.Timeout | null = null;
  const announceCounts = () => {
    if (countsTimer) return;
    countsTimer = setTimeout(() => {
      countsTimer = null;
      void (async () => {
        for (const agentId of await rooms.connectedAgentIds()) {
          try {
            rooms.toAgent(agentId).emit('counts:updated', await chat.viewCounts(db, agentId));
          } catch (error) {
            logger.error('chat view counts failed', { agentId, err: error });
          }
        }
      })();
    }, COUNTS_COALESCE_MS);
    countsTimer.unref();
  };

  /** Sends the fresh summary of a conversation to each agent online; failures are logged, never thrown. */
  const announceSummary = async (conversationId: number) => {
    try {
      const agentIds = await rooms.connectedAgentIds();
      // Nobody to tell: agents fetch fresh summaries when they connect.
      if (!agentIds.length) return;
      // Asked of every node once per change: the visitor may have a tab open on another node (issue #16).
      let visitorOnline: boolean | undefined;
      for (const agentId of agentIds) {
        const row = await chat.findSummary(db, conversationId, agentId);
        if (!row) continue;
        visitorOnline ??= await rooms.visitorOnlineAnywhere(row.visitor_key);
        rooms.summaryUpdated(agentId, toConversationSummary(row, visitorOnline));
      }
      announceCounts();
    } catch (error) {
      logger.error('chat summary failed', { conversationId, err: error });
    }
  };
  return { toSummary, summary, announceSummary, announceCounts };
}

/** The agents' view of a conversation. */
export function toConversationSummary(row: ConversationSummaryRow, visitorOnline: boolean): ConversationSummary {
  const last =
    row.last_message !== null && row.last_sender && row.last_created_at
      ? {
          sender: row.last_sender,
          preview:
            row.last_message.length > PREVIEW_LENGTH
              ? `${row.last_message.slice(0, PREVIEW_LENGTH - 1)}…`
              : row.last_message,
          createdAt: row.last_created_at,
        }
      : null;
  return {
    id: row.id,
    visitorName: row.visitor_name,
    visitorEmail: row.visitor_email,
    shortId: `#${row.id}`,
    currentPage: row.current_page,
    lastMessage: last,
    lastActivityAt: row.last_activity_at,
    waitingSince: row.waiting_since,
    unreadCount: Number(row.unread_count),
    assignedAgent:
      row.assigned_agent_id !== null
        ? { id: row.assigned_agent_id, name: row.assigned_agent_name ?? 'Support agent' }
        : null,
    visitorOnline,
    status: row.status,
    urgent: row.urgent_at !== null,
    followUpContact:
      row.follow_up_kind && row.follow_up_value ? { kind: row.follow_up_kind, value: row.follow_up_value } : null,
    movedToWhatsAppAt: row.whatsapp_at,
    rating: row.rating === null ? null : Number(row.rating),
    ratingComment: row.rating_comment,
    contact: { name: row.contact_name, email: row.contact_email, phone: row.contact_phone },
    transcriptEmail: row.transcript_email,
    channel: row.channel,
    whatsApp:
      row.channel === 'whatsapp'
        ? {
            windowEndsAt: row.whatsapp_last_inbound_at
              ? new Date(Date.parse(row.whatsapp_last_inbound_at) + WHATSAPP_WINDOW_MS).toISOString()
              : null,
            joinedAt: row.whatsapp_joined_at,
          }
        : null,
  };
}
