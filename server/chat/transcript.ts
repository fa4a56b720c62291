/** A conversation written out as plain text, for the agent's download and the visitor's e-mail (issue #14). */
import { brand } from '../../shared/brand';
import type { ChatMessage } from '../../shared/chat-events';
import { chatTexts } from '../../shared/chat-texts';
import { formatLagosStamp } from '../../shared/lagos-date';

const speaker = (message: ChatMessage, visitorName: string) =>
  message.sender === 'user'
    ? visitorName
    : message.sender === 'bot'
      ? chatTexts.bot
      : `${message.agentName ?? 'Support agent'} (${brand.name})`;

export function chatTranscript(input: { reference: string; visitorName: string | null; messages: ChatMessage[] }) {
  const visitor = input.visitorName ?? 'Visitor';
  return [
    `${brand.name} Chat Support: conversation ${input.reference}`,
    'Times are Lagos time (WAT).',
    '',
    ...input.messages.flatMap((message) => [
      `[${formatLagosStamp(message.createdAt)}] ${speaker(message, visitor)}:`,
      message.message,
      '',
    ]),
  ].join('\n');
}
