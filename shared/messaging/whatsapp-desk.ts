/**
 * WhatsApp conversations in the chat desk (issue #30, ADR 0049): the 24-hour window, the approved templates an agent
 * may send after it, and the texts the console and the patient read. Shared by the server and the agent console.
 */
import { brand } from '../brand';

/** Meta's customer-service window: free text may answer a patient for this long after their latest message. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60_000;

/** Approved WhatsApp templates an agent may send once the window has closed (names as registered with Meta). */
export const WHATSAPP_DESK_TEMPLATES = [
  {
    name: 'desk_answer_ready',
    label: 'We have an answer: ask them to write back',
    text: `Hello from ${brand.name}. We have an answer to your message. Please reply to this message to continue the chat.`,
  },
  {
    name: 'desk_checking_in',
    label: 'Checking in: ask if they still need help',
    text: `Hello from ${brand.name}. Do you still need help with your question? Reply to this message and our team will answer.`,
  },
] as const;
export type WhatsAppDeskTemplateName = (typeof WHATSAPP_DESK_TEMPLATES)[number]['name'];
export const WHATSAPP_DESK_TEMPLATE_NAMES = WHATSAPP_DESK_TEMPLATES.map((template) => template.name) as [
  WhatsAppDeskTemplateName,
  ...WhatsAppDeskTemplateName[],
];
export const isWhatsAppDeskTemplate = (name: string): name is WhatsAppDeskTemplateName =>
  (WHATSAPP_DESK_TEMPLATE_NAMES as readonly string[]).includes(name);
export const whatsAppDeskTemplate = (name: WhatsAppDeskTemplateName) =>
  WHATSAPP_DESK_TEMPLATES.find((template) => template.name === name)!;

/** The outbox's template name for a desk message in free text (an agent's or the bot's words). */
export const WHATSAPP_FREE_TEXT = 'whatsapp_chat';
/** The outbox's template name for 'How did we do?' on WhatsApp: not an answer, so STOP ends it. */
export const WHATSAPP_RATING_ASK = 'whatsapp_rating';

/** Milliseconds of the window left at `now` (0 when closed or never opened). */
export function whatsAppWindowLeft(lastInboundAt: string | null, now: number): number {
  if (!lastInboundAt) return 0;
  return Math.max(0, Date.parse(lastInboundAt) + WHATSAPP_WINDOW_MS - now);
}

/** '3 h 12 min left', '45 min left', 'less than a minute left'. */
export function formatWindowLeft(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'less than a minute left';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours ? `${hours} h ${rest} min left` : `${rest} min left`;
}

export const whatsAppDeskTexts = {
  badge: 'WhatsApp',
  windowOpen: (ms: number) => `WhatsApp window: ${formatWindowLeft(ms)}`,
  windowClosed:
    'WhatsApp window closed: the patient last wrote more than 24 hours ago. WhatsApp only lets us send an approved template until they write again.',
  templateLabel: 'Approved template',
  sendTemplate: 'Send template',
  movedToWhatsApp: 'Moved to WhatsApp',
  /** The server's refusal of free text after the window. */
  windowClosedError:
    'The WhatsApp window has closed: the patient last wrote more than 24 hours ago. Send an approved template instead.',
  templateOnlyOnWhatsApp: 'Templates are for WhatsApp conversations only.',
  /** Appended to the first reply on WhatsApp (NDPA: a transfer abroad). */
  notice: (privacyUrl: string) =>
    `(Messages here pass through WhatsApp, run by Meta, which keeps them outside Nigeria. How we handle your data: ${privacyUrl} Reply STOP to end messages other than answers to you.)`,
  ratingAsk: `${brand.name}: how did we do? Reply with a number from 1 (poor) to 5 (very good).`,
  delivery: { queued: 'Queued', sent: 'Sent', delivered: 'Delivered', read: 'Read', failed: 'Not delivered' },
} as const;

/** The reference the 'Continue on WhatsApp' text carries ('#123', shared/chat-texts.ts whatsAppText), else null. */
export function referenceInText(text: string): number | null {
  const match = /continuing my chat #(\d{1,10}) from your website/i.exec(text);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
