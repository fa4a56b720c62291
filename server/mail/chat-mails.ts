/**
 * E-mails from the chat (issue #14): an agent's replies to a visitor who has left, and a conversation's transcript.
 * Queued through the mail outbox like every other mail; they hold only what was written in the chat.
 */
import { brand } from '../../shared/brand';
import type { OutgoingMail } from '../data/mail-outbox';
import { formatLagosStamp } from '../../shared/lagos-date';
import { renderMail } from './mail-templates';

export function chatFollowUpMail(input: {
  to: string;
  name: string | null;
  reference: string;
  replies: { message: string; agentName: string | null; createdAt: string }[];
  link: string;
}): OutgoingMail {
  return {
    to: input.to,
    kind: 'chat_follow_up',
    subject: `A reply to your chat with ${brand.name} (${input.reference})`,
    ...renderMail({
      greetingName: input.name ?? 'there',
      intro: [
        `Our support team answered your chat ${input.reference} after you left:`,
        ...input.replies.map(
          (reply) =>
            `${reply.agentName ?? 'Support agent'}, ${formatLagosStamp(reply.createdAt)} (Lagos time):\n${reply.message}`,
        ),
      ],
      action: { label: 'Continue the conversation', link: input.link },
      after: [`You can also call us on ${brand.phone}. For an emergency, call 112 or 767 now.`],
    }),
  };
}

export function chatTranscriptMail(input: {
  to: string;
  name: string | null;
  reference: string;
  transcript: string;
}): OutgoingMail {
  return {
    to: input.to,
    kind: 'chat_transcript',
    subject: `Your chat with ${brand.name} (${input.reference})`,
    ...renderMail({
      greetingName: input.name ?? 'there',
      // Sent by an agent, who may offer it unasked: no 'as you asked'.
      intro: [`Here is the transcript of your chat ${input.reference} with our support team.`, input.transcript],
      after: [`Quote ${input.reference} if you call us on ${brand.phone}.`],
    }),
  };
}
