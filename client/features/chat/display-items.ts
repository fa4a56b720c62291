import type { ChatMessage, ChatSender } from '../../../shared/chat-events';

export type DisplayItem =
  | {
      kind: 'message';
      key: string;
      id: number | null;
      sender: ChatSender;
      message: string;
      createdAt: string;
      agentName: string | null;
      pending: boolean;
    }
  | { kind: 'notice'; key: string; text: string };

export type ChatNotice = { afterId: number; key: string; text: string };

/** Stored messages in id order with the notices between them, then the messages still waiting to be sent. */
export function displayItems(
  stored: Iterable<ChatMessage>,
  notices: readonly ChatNotice[],
  pending: readonly { clientId: string; message: string; createdAt: string }[],
): DisplayItem[] {
  const sorted = [...stored].sort((a, b) => a.id - b.id);
  const sortedNotices = [...notices].sort((a, b) => a.afterId - b.afterId);
  const items: DisplayItem[] = [];
  let noticeIndex = 0;
  const noticesUpTo = (id: number) => {
    while (noticeIndex < sortedNotices.length && sortedNotices[noticeIndex]!.afterId < id) {
      const notice = sortedNotices[noticeIndex++]!;
      items.push({ kind: 'notice', key: notice.key, text: notice.text });
    }
  };
  for (const message of sorted) {
    noticesUpTo(message.id);
    items.push({
      kind: 'message',
      key: message.clientId ?? `m${message.id}`,
      id: message.id,
      sender: message.sender,
      message: message.message,
      createdAt: message.createdAt,
      agentName: message.agentName,
      pending: false,
    });
  }
  noticesUpTo(Number.POSITIVE_INFINITY);
  for (const outgoing of pending) {
    items.push({
      kind: 'message',
      key: outgoing.clientId,
      id: null,
      sender: 'user',
      message: outgoing.message,
      createdAt: outgoing.createdAt,
      agentName: null,
      pending: true,
    });
  }
  return items;
}
