import { whatsAppDeskTexts } from '../../../shared/messaging/whatsapp-desk';
import { CONVERSATION_STATUS_LABELS, type ConversationStatus } from '../../../shared/chat-events';

/** The conversation's status as text ('Open', 'Pending', 'Resolved'), in the list and the conversation header. */
export function StatusPill({ status }: { status: ConversationStatus }) {
  return (
    <span className={`app-agent__pill app-agent__pill--${status}`}>
      <span className="app-visually-hidden">Status:</span> {CONVERSATION_STATUS_LABELS[status]}
    </span>
  );
}

/** A conversation on WhatsApp (issue #30): the word, not only a logo. */
export function WhatsAppTag() {
  return <span className="app-agent__pill app-agent__pill--whatsapp">{whatsAppDeskTexts.badge}</span>;
}

/** A red-flag conversation: the word 'Urgent', not only the colour. */
export function UrgentTag() {
  return <span className="app-agent__urgent">Urgent</span>;
}
