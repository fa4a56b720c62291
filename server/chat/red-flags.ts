import { chatRedFlagPhrases } from '../../shared/chat-red-flags';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Whole words or phrases, any amount of whitespace between words, case-insensitive. Longest first, so
// 'my chest dey pain me' is preferred to 'chest dey pain' where both start at the same place.
const pattern = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...chatRedFlagPhrases]
    .sort((a, b) => b.length - a.length)
    .map((phrase) => escape(phrase).replace(/[\s-]+/g, '[\\s-]+'))
    .join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);

/** Words that, in the three words before a red-flag phrase (same clause), mean the visitor is ruling it out. */
const negators = [
  'no',
  'not',
  'never',
  'without',
  'denies',
  "don't have",
  'dont have',
  'do not have',
  "doesn't have",
  'doesnt have',
  "didn't",
  'didnt',
  'no get',
  'no be',
].map((negator) => negator.split(' '));

const NEGATION_WINDOW = 3;

// A clause ends at . , ; ! ? a line break, or the word 'but' ('no chest pain but he collapsed').
const clauseEnd = /[.,;!?\n\r]|(?<![\p{L}\p{N}'])but(?![\p{L}\p{N}'])/giu;
const word = /[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu;

/** True when a negator ends within the last NEGATION_WINDOW words of `before`'s last clause. */
function isNegated(before: string): boolean {
  const clause = before.split(clauseEnd).at(-1) ?? '';
  const words = (clause.match(word) ?? []).map((token) => token.toLowerCase());
  const windowStart = Math.max(0, words.length - NEGATION_WINDOW);
  for (let end = words.length - 1; end >= windowStart; end--) {
    for (const negator of negators) {
      const start = end - negator.length + 1;
      if (start >= 0 && negator.every((part, i) => words[start + i] === part)) return true;
    }
  }
  return false;
}

/**
 * True when a visitor's message contains a red-flag word for a possible emergency that is not ruled out by a
 * negator just before it ('no chest pain', 'never fainted'). Only the words before the start of the phrase are
 * checked, so Pidgin phrases containing 'no' ('baby no dey breathe') still count.
 */
export function containsRedFlag(message: string): boolean {
  const text = message.replace(/[\u2018\u2019\u02BC]/g, "'");
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (!isNegated(text.slice(0, match.index))) return true;
    // Negated: look again from the next character, as another phrase may start inside this one.
    pattern.lastIndex = match.index + 1;
  }
  return false;
}
