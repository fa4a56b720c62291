import { chatRedFlagPhrases } from '../../shared/chat-texts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Whole words or phrases, any amount of whitespace between words, case-insensitive.
const pattern = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${chatRedFlagPhrases.map((phrase) => escape(phrase).replace(/[\s-]+/g, '[\\s-]+')).join('|')})(?![\\p{L}\\p{N}])`,
  'iu',
);

/** True when a visitor's message contains a red-flag word for a possible emergency. */
export function containsRedFlag(message: string): boolean {
  return pattern.test(message.replace(/[\u2018\u2019\u02BC]/g, "'"));
}
