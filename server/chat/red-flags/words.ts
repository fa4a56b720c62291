/**
 * How the red-flag matcher reads a message: lower case, accents and apostrophes dropped, letters held down shortened,
 * misspellings corrected and word runs joined, with ',' and '.' tokens where clauses and sentences end.
 */

/** Clause and sentence ends in the word list (kept as tokens so phrases can name them with `$`). */
export const CLAUSE_END = ',';
export const SENTENCE_END = '.';

export const isBoundary = (word: string) => word === CLAUSE_END || word === SENTENCE_END;

/** The words of a space-separated list of the data. */
export const wordsOf = (list: string) => list.split(/\s+/).filter(Boolean);

/** Each listed misspelling, mapped to the word the groups use. */
export const spellingsByWrong = (spellings: Readonly<Record<string, string>>) =>
  new Map(
    Object.entries(spellings).flatMap(([right, wrongs]) => wordsOf(wrongs).map((wrong) => [wrong, right] as const)),
  );

type Rewrite = { words: string[]; into: string };

function rewritesByFirstWord(rewrites: readonly (readonly [string, string])[]) {
  const index = new Map<string, Rewrite[]>();
  for (const [from, into] of rewrites) {
    const words = from.split(' ');
    const first = words[0]!;
    index.set(first, [...(index.get(first) ?? []), { words, into }]);
  }
  return index;
}

/**
 * One word as the data spells it. A number is `#` (a year `year#`); letters held down are shortened to two when that
 * makes a word the data knows ("wellll" -> well), otherwise to one ("paaain" -> pain).
 */
function normaliseWord(raw: string, spellingOf: ReadonlyMap<string, string>, isKnown: (word: string) => boolean) {
  let word = raw.replace(/'s$/, '').replace(/'/g, '');
  if (/^\d+$/.test(word)) return /^(19|20)\d\d$/.test(word) ? 'year#' : '#';
  if (/(.)\1\1/.test(word)) {
    const twice = word.replace(/(.)\1{2,}/g, '$1$1');
    word = isKnown(twice) ? twice : word.replace(/(.)\1{2,}/g, '$1');
  }
  return spellingOf.get(word) ?? word;
}

/**
 * Lower case without accents, with one kind of apostrophe, and a number apart from the word after it ("30weeks"). The
 * apostrophes go first: decomposed, an acute accent typed for one (´) is a space and a mark, which split "can´t".
 */
const plainText = (message: string) =>
  message
    .replace(/[\u2018\u2019\u02BC`\u00B4]/g, "'")
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/(\d)(\p{L})/gu, '$1 $2');

/** Words and boundary tokens; a run of punctuation makes one boundary, a sentence end winning over a clause end. */
function tokenise(text: string, normalise: (raw: string) => string): string[] {
  const words: string[] = [];
  const pushBoundary = (boundary: string) => {
    const last = words.at(-1);
    if (last === undefined) return;
    if (isBoundary(last)) {
      if (boundary === SENTENCE_END) words[words.length - 1] = SENTENCE_END;
    } else words.push(boundary);
  };
  // '!' ends a clause, not a sentence: "Snakebite! What do we do" is one cry for help.
  for (const [token] of text.matchAll(/[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*|[.?\n\r]|[!,;:()[\]{}"\u2026\u2013\u2014]/gu)) {
    if (/^[.?\n\r]$/.test(token)) pushBoundary(SENTENCE_END);
    else if (!/[\p{L}\p{N}]/u.test(token)) pushBoundary(CLAUSE_END);
    else words.push(normalise(token));
  }
  return words;
}

/** The words with each run of `rewrites` ("no fit", "cannot") replaced by its one word. */
function joinRuns(words: readonly string[], index: ReadonlyMap<string, Rewrite[]>): string[] {
  const joined: string[] = [];
  for (let at = 0; at < words.length;) {
    const rewrite = index
      .get(words[at]!)
      ?.find(({ words: run }) => run.every((word, offset) => words[at + offset] === word));
    if (rewrite) {
      joined.push(rewrite.into);
      at += rewrite.words.length;
    } else joined.push(words[at++]!);
  }
  return joined;
}

/** Reads messages as words for the given spellings and rewrites; `isKnown` tells the words of the phrase data. */
export function createWordReader(
  spellingOf: ReadonlyMap<string, string>,
  rewrites: readonly (readonly [string, string])[],
  isKnown: (word: string) => boolean,
) {
  const rewriteIndex = rewritesByFirstWord(rewrites);
  const normalise = (raw: string) => normaliseWord(raw, spellingOf, isKnown);
  /** The message as words, with ',' and '.' tokens where clauses and sentences end. */
  return (message: string): string[] => {
    const joined = joinRuns(tokenise(plainText(message), normalise), rewriteIndex);
    if (joined.at(-1) === CLAUSE_END) joined[joined.length - 1] = SENTENCE_END;
    else if (joined.at(-1) !== SENTENCE_END) joined.push(SENTENCE_END);
    return joined;
  };
}
