import { randomUUID } from 'node:crypto';
import type { MessagingDriver, PhoneChannel } from './messaging-types';

/**
 * The default driver (issue #27.2): the message is already in outbound_messages, which the staff Messages page shows;
 * the sink sends it nowhere. A laptop install shows the whole loop with no provider account.
 */
export const sinkDriver = (channel: PhoneChannel): MessagingDriver => ({
  name: 'sink',
  channel,
  receipts: false,
  send: () => Promise.resolve({ providerId: `sink-${randomUUID()}` }),
});
