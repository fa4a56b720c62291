/**
 * Tappable numbers in chat messages (issue #14): Nigerian phone numbers and the emergency numbers
 * become `tel:` links, the word WhatsApp a link to the clinic's WhatsApp. The text is split into
 * plain strings and link parts and rendered as React nodes (text nodes and <a>), never as HTML,
 * so nothing a visitor or an agent types can become markup. The bot's messages are our own words: in them only our
 * own numbers are links, never the sample number of its contact question ('0803 123 4567') or a number it repeats.
 *
 * Used by the visitor widget and the agent console.
 */
import { Fragment } from 'react';
import { brand } from '../../shared/brand';
import type { ChatSender } from '../../shared/chat-events';
import { EMERGENCY_NUMBERS } from '../../shared/constants';

export type ChatTextPart =
  | { kind: 'text'; text: string }
  | { kind: 'tel'; text: string; href: string }
  | { kind: 'whatsapp'; text: string; href: string };

/** The separators people put between the groups of a number: a space (also no-break) or a hyphen. */
const SEP = '[ \\u00A0-]?';
/**
 * Nigerian mobile and toll-free numbers: +234 or 0, then ten digits grouped 3-3-4 (0803 123 4567,
 * +234 803 123 4567, 08031234567, +234 800 000 0000). Not inside a longer run of digits.
 */
const PHONE = `(?<![\\w+])(?:\\+234${SEP}|0)[789]\\d{2}${SEP}\\d{3}${SEP}\\d{4}(?!\\d)`;
/** 112 and 767 as whole words: not part of a longer number (1,112; 112.5; 767-1234) or a word. */
const EMERGENCY = `(?<![\\w.,:/+-])(?:${EMERGENCY_NUMBERS.join('|')})(?![\\w]|[.,:/-]\\d)`;
const WHATSAPP = '\\bWhatsApp\\b';

const PATTERN = new RegExp(`(${PHONE})|(${EMERGENCY})|(${WHATSAPP})`, 'giu');

export const whatsAppChatHref = `https://wa.me/${brand.whatsappNumber}`;

/** A number as a `tel:` link: digits and a leading + only. */
export const telHref = (number: string) =>
  `tel:${number.trim().startsWith('+') ? '+' : ''}${number.replace(/\D/g, '')}`;

/** The numbers the bot may offer to call: the clinic's line and the emergency numbers. */
const ownTelHrefs = new Set([brand.phone, ...EMERGENCY_NUMBERS].map(telHref));

/**
 * Splits a message into plain text and link parts, in order; joined, the parts' texts are the message. With
 * `ownNumbersOnly` (the bot's messages), other numbers stay plain text.
 */
export function linkifyChatText(text: string, options: { ownNumbersOnly?: boolean } = {}): ChatTextPart[] {
  const parts: ChatTextPart[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(PATTERN)) {
    const found = match[0];
    const part: ChatTextPart =
      match[3] !== undefined
        ? { kind: 'whatsapp', text: found, href: whatsAppChatHref }
        : { kind: 'tel', text: found, href: telHref(found) };
    if (part.kind === 'tel' && options.ownNumbersOnly && !ownTelHrefs.has(part.href)) continue;
    if (match.index > plainFrom) parts.push({ kind: 'text', text: text.slice(plainFrom, match.index) });
    parts.push(part);
    plainFrom = match.index + found.length;
  }
  if (plainFrom < text.length) parts.push({ kind: 'text', text: text.slice(plainFrom) });
  return parts;
}

/** A chat message's text with its numbers and 'WhatsApp' as links; `sender` 'bot': only our own numbers. */
export function ChatText({ text, sender }: { text: string; sender: ChatSender }) {
  return (
    <>
      {linkifyChatText(text, { ownNumbersOnly: sender === 'bot' }).map((part, index) =>
        part.kind === 'text' ? (
          <Fragment key={index}>{part.text}</Fragment>
        ) : part.kind === 'tel' ? (
          <a key={index} href={part.href}>
            {part.text}
          </a>
        ) : (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ),
      )}
    </>
  );
}
