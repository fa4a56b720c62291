/**
 * Where the webhook hands what belongs in the chat desk (issue #30): WhatsApp messages other than STOP, and receipts
 * for desk messages. The webhook route is built with the app and the chat service later, by attachChat, which
 * attaches its handler here; until then (an app with no chat) inbound messages are only logged, as before.
 */
import type { OutboundMessage } from '../data/outbound-messages';
import type { InboundMedia } from './messaging-types';

export type DeskInboxHandler = {
  inbound: (message: {
    from: string;
    text: string;
    at: string;
    eventId: string;
    media?: InboundMedia;
  }) => Promise<unknown>;
  receipt: (row: OutboundMessage) => void;
};

export type DeskInbox = ReturnType<typeof createDeskInbox>;

export function createDeskInbox() {
  let handler: DeskInboxHandler | null = null;
  return {
    /** Sets the chat's handler; the returned function takes it away (when the chat closes). */
    attach(next: DeskInboxHandler) {
      handler = next;
      return () => {
        if (handler === next) handler = null;
      };
    },
    handler: () => handler,
  };
}
