import { isBoundary } from './words';

/** How many words before a sign a negator reaches ("no chest pain", "I don't have chest pain"). */
const NEGATION_WINDOW = 3;

/**
 * Whether the word at a start is negated: a negator up to three words before it, in its clause. "or" and "nor" carry
 * the negation along a list ("no fever or chest pain"); "no" before an exclamation word is a cry ("oh no she
 * collapsed"), not a negation.
 */
export function negationScope(
  words: readonly string[],
  clause: readonly number[],
  negators: ReadonlySet<string>,
  exclamationAfterNo: ReadonlySet<string>,
): (start: number) => boolean {
  return (start) => {
    let wordsLeft = NEGATION_WINDOW;
    for (let index = start - 1; index >= 0 && wordsLeft > 0; index--, wordsLeft--) {
      const word = words[index]!;
      if (clause[index] !== clause[start] || isBoundary(word)) return false;
      if (word === 'or' || word === 'nor') wordsLeft = NEGATION_WINDOW + 1;
      if (word === 'no' && exclamationAfterNo.has(words[index + 1]!)) continue;
      if (negators.has(word)) return true;
    }
    return false;
  };
}
