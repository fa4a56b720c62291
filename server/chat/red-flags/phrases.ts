/**
 * The phrase notation of shared/chat-red-flags.ts (`a|b`, `word*`, `word?`, `@class`, `$`) compiled into word tests,
 * an index of the phrases by their first word, and the search for every phrase that starts at each word of a message.
 */
import { isBoundary, wordsOf } from './words';

type WordTest = { exact: ReadonlySet<string>; prefixes: readonly string[]; clauseEnd: boolean };
type Phrase = readonly WordTest[];
/** What a phrase is to the matcher: a group's sign, context or other meaning, or one of the lists of guards. */
export type Kind = 'sign' | 'near' | 'unless' | 'past' | 'resolved' | 'ongoing' | 'resumed';
/** `source`: the phrase's place in its list (the group's signs, near or unless, or a list of guards). */
export type Entry = { phrase: Phrase; kind: Kind; group: number; source: number };
/** A phrase found in a message: words `start` to `end` (not included). */
export type Hit = { kind: Kind; group: number; source: number; start: number; end: number };

/** Compiled phrases by their text, per set of word classes (which the phrases' `@name` words expand to). */
const compiledFor = new WeakMap<object, Map<string, Phrase[]>>();

function parseWordTest(source: string, classes: ReadonlyMap<string, string[]>): WordTest {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  let clauseEnd = false;
  const add = (alternative: string) => {
    if (alternative === '$') clauseEnd = true;
    else if (alternative.startsWith('@')) {
      const members = classes.get(alternative.slice(1));
      if (!members) throw new Error(`Unknown word class in red-flag data: ${alternative}`);
      members.forEach(add);
    } else if (alternative.endsWith('*')) prefixes.push(alternative.slice(0, -1));
    else exact.add(alternative);
  };
  source.split('|').forEach(add);
  return { exact, prefixes, clauseEnd };
}

/**
 * Compiles phrase texts with the given word classes. Data that differs only in its phrases (as the tests' copies with
 * one phrase left out do) shares the compiled ones.
 */
export function createPhraseCompiler(wordClasses: Readonly<Record<string, string>>) {
  const classes = new Map(Object.entries(wordClasses).map(([name, list]) => [name, wordsOf(list)]));
  const compiled = compiledFor.get(wordClasses) ?? new Map<string, Phrase[]>();
  compiledFor.set(wordClasses, compiled);
  /** Every word sequence a phrase stands for (each optional word present or absent). */
  return (source: string): Phrase[] => {
    const cached = compiled.get(source);
    if (cached) return cached;
    let variants: WordTest[][] = [[]];
    for (const word of source.trim().split(/\s+/)) {
      const optional = word.endsWith('?');
      const test = parseWordTest(optional ? word.slice(0, -1) : word, classes);
      variants = variants.flatMap((variant) => (optional ? [variant, [...variant, test]] : [[...variant, test]]));
    }
    const phrases = variants.filter((variant) => variant.length > 0);
    compiled.set(source, phrases);
    return phrases;
  };
}

const addTo = <T>(map: Map<string, T[]>, key: string, item: T) => {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
};

/**
 * The entries that can start at a word: an exact first word is looked up, a `word*` first word by each start of the
 * word read (so the cost per word is bounded by the data, not by the message).
 */
export function indexByFirstWord(entries: readonly Entry[]): (word: string) => Entry[] {
  const byFirstWord = new Map<string, Entry[]>();
  const byFirstPrefix = new Map<string, Entry[]>();
  let longestPrefix = 0;
  for (const entry of entries) {
    const first = entry.phrase[0]!;
    if (first.clauseEnd) throw new Error('A red-flag phrase cannot start with $');
    for (const word of first.exact) addTo(byFirstWord, word, entry);
    for (const prefix of first.prefixes) {
      addTo(byFirstPrefix, prefix, entry);
      longestPrefix = Math.max(longestPrefix, prefix.length);
    }
  }
  return (word) => {
    const found = [...(byFirstWord.get(word) ?? [])];
    for (let length = 1; length <= Math.min(word.length, longestPrefix); length++)
      found.push(...(byFirstPrefix.get(word.slice(0, length)) ?? []));
    return found;
  };
}

/** Every word the phrases name, and the listed misspellings: decides how far to shorten a drawn-out word. */
export function knownWordTest(entries: readonly Entry[], misspellings: Iterable<string>): (word: string) => boolean {
  const knownWords = new Set<string>(misspellings);
  const knownPrefixes: string[] = [];
  for (const { phrase } of entries)
    for (const test of phrase) {
      test.exact.forEach((word) => knownWords.add(word));
      knownPrefixes.push(...test.prefixes);
    }
  return (word) => knownWords.has(word) || knownPrefixes.some((prefix) => word.startsWith(prefix));
}

/**
 * Whether a word passes a word test. A clause end (`$`) is a boundary token or a word that starts a clause; no other
 * test passes a boundary.
 */
function passes(test: WordTest, word: string, conjunctions: ReadonlySet<string>): boolean {
  if (isBoundary(word) || conjunctions.has(word)) {
    if (test.clauseEnd) return true;
    if (isBoundary(word)) return false;
  }
  return test.exact.has(word) || test.prefixes.some((prefix) => word.startsWith(prefix));
}

/** Every phrase found in the words, at every place it starts. */
export function findHits(
  words: readonly string[],
  candidatesAt: (word: string) => Entry[],
  conjunctions: ReadonlySet<string>,
): Hit[] {
  const hits: Hit[] = [];
  for (let start = 0; start < words.length; start++) {
    if (isBoundary(words[start]!)) continue;
    for (const { phrase, kind, group, source } of new Set(candidatesAt(words[start]!))) {
      if (start + phrase.length > words.length) continue;
      if (phrase.every((test, offset) => passes(test, words[start + offset]!, conjunctions)))
        hits.push({ kind, group, source, start, end: start + phrase.length });
    }
  }
  return hits;
}
