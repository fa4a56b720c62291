/** Told on return (issue #29): the chats that went back to the bot while this agent had no staff tab open. */
import { Link } from 'wouter';
import type { HandedBackRoom } from '../../../shared/staff-alerts';
import { paths } from '../../app/paths';

/** Opens one conversation in the Chats console. */
export const chatConversationHref = (conversationId: number) => `${paths.staffChats()}?conversation=${conversationId}`;

export function HandedBackNotice({ rooms, onDismiss }: { rooms: HandedBackRoom[]; onDismiss: () => void }) {
  if (!rooms.length) return null;
  return (
    <section className="app-staff__notice" aria-labelledby="handed-back-heading">
      <h2 id="handed-back-heading" className="app-staff__notice-title">
        {rooms.length === 1 ? 'A chat went back to the bot' : `${rooms.length} chats went back to the bot`} while you
        were away
      </h2>
      <ul>
        {rooms.map((room) => (
          <li key={room.conversationId}>
            <Link href={chatConversationHref(room.conversationId)}>Open the chat with {room.visitorLabel}</Link>
          </li>
        ))}
      </ul>
      <button type="button" className="app-button app-button--secondary" onClick={onDismiss}>
        Dismiss
      </button>
    </section>
  );
}
