/**
 * Tappable numbers in chat messages (issue #14): Nigerian phone numbers and the emergency numbers
 * become `tel:` links, the word WhatsApp a link to the clinic's WhatsApp. The text is split into
 * plain strings and link parts and rendered as React nodes (text nodes and <a>), never as HTML,
 * so nothing a visitor or an agent types can become markup.
 *
 * Used by the visitor widget and the agent console.
 */
import { Fragment } from 'react';
import { brand } from '../../shared/brand';
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

/** Splits a message into plain text and link parts, in order; joined, the parts' texts are the message. */
export function linkifyChatText(text: string): ChatTextPart[] {
  const parts: ChatTextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(PATTERN)) {
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    const found = match[0];
    parts.push(
      match[3] !== undefined
        ? { kind: 'whatsapp', text: found, href: whatsAppChatHref }
        : { kind: 'tel', text: found, href: telHref(found) },
    );
    last = start + found.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** A chat message's text with its numbers and 'WhatsApp' as links. */
export function ChatText({ text }: { text: string }) {
  return (
    <>
      {linkifyChatText(text).map((part, index) =>
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
