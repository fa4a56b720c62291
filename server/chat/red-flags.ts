/**
 * Applies the red-flag groups of shared/chat-red-flags.ts to a visitor's message (the notation and the rules are
 * explained there). The work is linear in the message's length: one pass to make words, one pass to find every
 * phrase that starts at each word (the candidates come from an index by first word, so the cost per word is bounded
 * by the data, not by the message), and one forward and one backward sweep per group that has a sign, to find the
 * nearest context word. No regular expression backtracks over the message.
 */
import {
  chatRedFlagGroups,
  clauseStarters,
  exclamationAfterNo,
  negators,
  ongoing,
  referBack,
  pastEvent,
  resolved,
  resumed,
  rewrites,
  spellings,
  wordClasses,
  type RedFlagCategory,
  type RedFlagGroup,
} from '../../shared/chat-red-flags';

const wordsOf = (list: string) => list.split(/\s+/).filter(Boolean);

/** Clause and sentence ends in the word list (kept as tokens so phrases can name them with `$`). */
const CLAUSE_END = ',';
const SENTENCE_END = '.';
const NEGATION_WINDOW = 3;
const DEFAULT_WITHIN = 8;

type WordTest = { exact: ReadonlySet<string>; prefixes: readonly string[]; clauseEnd: boolean };
type Phrase = readonly WordTest[];
type Kind = 'sign' | 'near' | 'unless' | 'past' | 'resolved' | 'ongoing' | 'resumed';
/** `source`: the phrase's place in its list (the group's signs, near or unless, or a list of guards). */
type Entry = { phrase: Phrase; kind: Kind; group: number; source: number };
type Hit = { kind: Kind; group: number; source: number; start: number; end: number };

/** All the red-flag knowledge the matcher applies: by default the data of shared/chat-red-flags.ts. */
export type RedFlagData = {
  groups: readonly RedFlagGroup[];
  wordClasses: Readonly<Record<string, string>>;
  spellings: Readonly<Record<string, string>>;
  rewrites: readonly (readonly [string, string])[];
  clauseStarters: string;
  negators: string;
  exclamationAfterNo: string;
  pastEvent: readonly string[];
  resolved: readonly string[];
  referBack: string;
  ongoing: readonly string[];
  resumed: readonly string[];
};

export const redFlagData: RedFlagData = {
  groups: chatRedFlagGroups,
  wordClasses,
  spellings,
  rewrites,
  clauseStarters,
  negators,
  exclamationAfterNo,
  pastEvent,
  resolved,
  referBack,
  ongoing,
  resumed,
};

/** Compiled phrases by their text, per set of word classes (which the phrases' `@name` words expand to). */
const compiledFor = new WeakMap<object, Map<string, Phrase[]>>();

/**
 * A matcher for the given data. The chat uses the one for shared/chat-red-flags.ts (below); the tests build others
 * with one phrase left out, to show which phrases the table of realistic messages needs.
 */
export function createRedFlagDetector(data: RedFlagData) {
  /** Words that start a new clause: a negation or a past time before them does not reach past them. */
  const conjunctions = new Set(wordsOf(data.clauseStarters));
  const classes = new Map(Object.entries(data.wordClasses).map(([name, list]) => [name, wordsOf(list)]));
  const spellingOf = new Map(
    Object.entries(data.spellings).flatMap(([right, wrongs]) =>
      wordsOf(wrongs).map((wrong) => [wrong, right] as const),
    ),
  );

  // Data that differs only in its phrases (as the tests' copies with one phrase left out do) shares the compiled ones.
  const compiledPhrases = compiledFor.get(data.wordClasses) ?? new Map<string, Phrase[]>();
  compiledFor.set(data.wordClasses, compiledPhrases);

  function parseWordTest(source: string): WordTest {
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

  /** Every word sequence a phrase stands for (each optional word present or absent). */
  function compile(source: string): Phrase[] {
    const cached = compiledPhrases.get(source);
    if (cached) return cached;
    let variants: WordTest[][] = [[]];
    for (const word of source.trim().split(/\s+/)) {
      const optional = word.endsWith('?');
      const test = parseWordTest(optional ? word.slice(0, -1) : word);
      variants = variants.flatMap((variant) => (optional ? [variant, [...variant, test]] : [[...variant, test]]));
    }
    const phrases = variants.filter((variant) => variant.length > 0);
    compiledPhrases.set(source, phrases);
    return phrases;
  }

  const entries: Entry[] = [];
  const addEntries = (sources: readonly string[], kind: Kind, group: number) => {
    sources.forEach((text, source) => {
      for (const phrase of compile(text)) entries.push({ phrase, kind, group, source });
    });
  };
  data.groups.forEach((group, index) => {
    addEntries(group.signs, 'sign', index);
    addEntries(group.near ?? [], 'near', index);
    addEntries(group.unless ?? [], 'unless', index);
  });
  addEntries(data.pastEvent, 'past', -1);
  addEntries(data.resolved, 'resolved', -1);
  addEntries(data.ongoing, 'ongoing', -1);
  addEntries(data.resumed, 'resumed', -1);

  // Candidates by first word: an exact first word is looked up, a `word*` first word by each start of the word read.
  const byFirstWord = new Map<string, Entry[]>();
  const addTo = <T>(map: Map<string, T[]>, key: string, item: T) => {
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  };
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
  const candidatesAt = (word: string): Entry[] => {
    const found = [...(byFirstWord.get(word) ?? [])];
    for (let length = 1; length <= Math.min(word.length, longestPrefix); length++)
      found.push(...(byFirstPrefix.get(word.slice(0, length)) ?? []));
    return found;
  };

  // Every word the data knows, to decide how far to shorten a drawn-out word ("wellll" -> well, "paaain" -> pain).
  const knownWords = new Set<string>();
  const knownPrefixes: string[] = [];
  for (const { phrase } of entries)
    for (const test of phrase) {
      test.exact.forEach((word) => knownWords.add(word));
      knownPrefixes.push(...test.prefixes);
    }
  spellingOf.forEach((_right, wrong) => knownWords.add(wrong));
  const isKnown = (word: string) => knownWords.has(word) || knownPrefixes.some((prefix) => word.startsWith(prefix));

  const rewriteIndex = new Map<string, { words: string[]; into: string }[]>();
  for (const [from, into] of data.rewrites) {
    const words = from.split(' ');
    addTo(rewriteIndex, words[0]!, { words, into });
  }

  const negatorSet = new Set(wordsOf(data.negators));
  const referBackSet = new Set(wordsOf(data.referBack));
  const exclamationSet = new Set(wordsOf(data.exclamationAfterNo));
  /** Before a resolution word, these mean it has not ended ("has not stopped", "no gree stop" -> wont stop). */
  const notEnded = new Set([...negatorSet, 'cant', 'gree', 'refuse', 'refused', 'refuses']);

  function normaliseWord(raw: string): string {
    let word = raw.replace(/'s$/, '').replace(/'/g, '');
    if (/^\d+$/.test(word)) return /^(19|20)\d\d$/.test(word) ? 'year#' : '#';
    if (/(.)\1\1/.test(word)) {
      const twice = word.replace(/(.)\1{2,}/g, '$1$1');
      word = isKnown(twice) ? twice : word.replace(/(.)\1{2,}/g, '$1');
    }
    return spellingOf.get(word) ?? word;
  }

  /** The message as words, with ',' and '.' tokens where clauses and sentences end. */
  function redFlagWords(message: string): string[] {
    const text = message
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[\u2018\u2019\u02BC`\u00B4]/g, "'")
      .replace(/(\d)(\p{L})/gu, '$1 $2');
    const words: string[] = [];
    const pushBoundary = (boundary: string) => {
      const last = words.at(-1);
      if (last === undefined) return;
      if (last === CLAUSE_END || last === SENTENCE_END) {
        if (boundary === SENTENCE_END) words[words.length - 1] = SENTENCE_END;
      } else words.push(boundary);
    };
    // '!' ends a clause, not a sentence: "Snakebite! What do we do" is one cry for help.
    for (const [token] of text.matchAll(
      /[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*|[.?\n\r]|[!,;:()[\]{}"\u2026\u2013\u2014]/gu,
    )) {
      if (/^[.?\n\r]$/.test(token)) pushBoundary(SENTENCE_END);
      else if (!/[\p{L}\p{N}]/u.test(token)) pushBoundary(CLAUSE_END);
      else words.push(normaliseWord(token));
    }
    const joined: string[] = [];
    for (let index = 0; index < words.length;) {
      const rewrite = rewriteIndex
        .get(words[index]!)
        ?.find(({ words: run }) => run.every((word, offset) => words[index + offset] === word));
      if (rewrite) {
        joined.push(rewrite.into);
        index += rewrite.words.length;
      } else joined.push(words[index++]!);
    }
    if (joined.at(-1) === CLAUSE_END) joined[joined.length - 1] = SENTENCE_END;
    else if (joined.at(-1) !== SENTENCE_END) joined.push(SENTENCE_END);
    return joined;
  }

  const isBoundary = (word: string) => word === CLAUSE_END || word === SENTENCE_END;

  function passes(test: WordTest, word: string): boolean {
    if (isBoundary(word) || conjunctions.has(word)) {
      if (test.clauseEnd) return true;
      if (isBoundary(word)) return false;
    }
    return test.exact.has(word) || test.prefixes.some((prefix) => word.startsWith(prefix));
  }

  function findHits(words: readonly string[]): Hit[] {
    const hits: Hit[] = [];
    for (let start = 0; start < words.length; start++) {
      if (isBoundary(words[start]!)) continue;
      for (const { phrase, kind, group, source } of new Set(candidatesAt(words[start]!))) {
        if (start + phrase.length > words.length) continue;
        if (phrase.every((test, offset) => passes(test, words[start + offset]!)))
          hits.push({ kind, group, source, start, end: start + phrase.length });
      }
    }
    return hits;
  }

  /**
   * The categories of emergency a message shows (empty when none), in the order of the groups in the data. A sign
   * that is negated, in the past, ended, or meant otherwise (see shared/chat-red-flags.ts) does not count.
   */
  function detectRedFlags(message: string): RedFlagCategory[] {
    const words = redFlagWords(message);
    const count = words.length;

    // Clause and sentence of each word; a clause starts after ',' or '.', and at a conjunction.
    const clause = new Array<number>(count);
    const sentence = new Array<number>(count);
    const clauseStart = new Array<number>(count);
    for (let index = 0, clauseId = 0, sentenceId = 0, start = 0; index < count; index++) {
      const word = words[index]!;
      if (conjunctions.has(word) && index > start) {
        clauseId++;
        start = index;
      }
      clause[index] = clauseId;
      sentence[index] = sentenceId;
      clauseStart[index] = start;
      if (isBoundary(word)) {
        clauseId++;
        start = index + 1;
        if (word === SENTENCE_END) sentenceId++;
      }
    }

    const hits = findHits(words);
    // Guard words that are part of a sign ("stopped breathing") are the sign, not a guard.
    const inSign = new Array<boolean>(count).fill(false);
    for (const hit of hits) if (hit.kind === 'sign') for (let i = hit.start; i < hit.end; i++) inSign[i] = true;
    const partOfSign = (hit: Hit) => {
      for (let i = hit.start; i < hit.end; i++) if (inSign[i]) return true;
      return false;
    };

    const pastInClause = new Map<number, number[]>();
    const ongoingInClause = new Set<number>();
    const unlessInClause = new Set<string>();
    // The last start of a resolution word per clause, and per sentence in clauses that point back ("but it went
    // away"); the last start of a word saying it came back, per sentence.
    const referringClauses = new Set<number>();
    words.forEach((word, index) => referBackSet.has(word) && referringClauses.add(clause[index]!));
    const resolvedInClause = new Map<number, number>();
    const resolvedReferring = new Map<number, number>();
    const lastResumed = new Map<number, number>();
    for (const hit of hits) {
      if (hit.kind === 'unless') unlessInClause.add(`${hit.group}:${clause[hit.start]}`);
      else if (hit.kind === 'ongoing') ongoingInClause.add(clause[hit.start]!);
      else if (hit.kind === 'resumed')
        lastResumed.set(sentence[hit.start]!, Math.max(lastResumed.get(sentence[hit.start]!) ?? -1, hit.start));
      else if (hit.kind === 'past' && !partOfSign(hit)) {
        const starts = pastInClause.get(clause[hit.start]!);
        if (starts) starts.push(hit.start);
        else pastInClause.set(clause[hit.start]!, [hit.start]);
      } else if (hit.kind === 'resolved' && !partOfSign(hit)) {
        const before = [words[hit.start - 1], words[hit.start - 2]];
        if (before.some((word) => word !== undefined && notEnded.has(word))) continue;
        resolvedInClause.set(clause[hit.start]!, hit.start);
        if (referringClauses.has(clause[hit.start]!)) resolvedReferring.set(sentence[hit.start]!, hit.start);
      }
    }

    // A negator up to three words before, in the clause; "or" carries it along a list ("no fever or chest pain").
    const negated = (start: number) => {
      let wordsLeft = NEGATION_WINDOW;
      for (let index = start - 1; index >= 0 && wordsLeft > 0; index--, wordsLeft--) {
        const word = words[index]!;
        if (clause[index] !== clause[start] || isBoundary(word)) return false;
        if (word === 'or' || word === 'nor') wordsLeft = NEGATION_WINDOW + 1;
        if (word === 'no' && exclamationSet.has(words[index + 1]!)) continue;
        if (negatorSet.has(word)) return true;
      }
      return false;
    };

    // The latest start of a context phrase ending at each word, per group: in a group whose context has its own time,
    // "bleeding after she gave birth last week" puts the past time on the birth (the context between), not the sign.
    const nearEndingAt = new Map<string, number>();
    for (const hit of hits)
      if (hit.kind === 'near') {
        const key = `${hit.group}:${hit.end}`;
        nearEndingAt.set(key, Math.max(nearEndingAt.get(key) ?? -1, hit.start));
      }
    const pastOfContext = (sign: Hit, pastStart: number) => {
      if (!data.groups[sign.group]!.contextHasItsOwnTime) return false;
      for (let end = pastStart; end >= Math.max(sign.end + 1, pastStart - 2); end--)
        if ((nearEndingAt.get(`${sign.group}:${end}`) ?? -1) >= sign.end) return true;
      return false;
    };

    const ruledOut = (sign: Hit) => {
      const ownClause = clause[sign.start]!;
      const ownSentence = sentence[sign.start]!;
      const from = clauseStart[sign.start]!;
      if (negated(sign.start) || unlessInClause.has(`${sign.group}:${ownClause}`)) return true;
      const past = (pastInClause.get(ownClause) ?? []).filter((start) => !pastOfContext(sign, start));
      if (past.length && !ongoingInClause.has(ownClause)) return true;
      const later = resolvedReferring.get(ownSentence) ?? -1;
      const resolvedAt = Math.max(resolvedInClause.get(ownClause) ?? -1, later >= from ? later : -1);
      return resolvedAt >= 0 && (lastResumed.get(ownSentence) ?? -1) < resolvedAt;
    };

    const signsByGroup = new Map<number, Hit[]>();
    const nearByGroup = new Map<number, Hit[]>();
    for (const hit of hits) {
      const target = hit.kind === 'sign' ? signsByGroup : hit.kind === 'near' ? nearByGroup : null;
      if (!target) continue;
      const list = target.get(hit.group);
      if (list) list.push(hit);
      else target.set(hit.group, [hit]);
    }

    const found = new Set<RedFlagCategory>();
    data.groups.forEach((group, index) => {
      if (found.has(group.category)) return;
      const signs = (signsByGroup.get(index) ?? []).filter((sign) => !ruledOut(sign));
      if (!signs.length) return;
      if (!group.near) {
        found.add(group.category);
        return;
      }
      if (hasNear(signs, nearByGroup.get(index) ?? [], sentence, count, group.within ?? DEFAULT_WITHIN))
        found.add(group.category);
    });
    return data.groups
      .map((group) => group.category)
      .filter((category, i, all) => found.has(category) && all.indexOf(category) === i);
  }

  /**
   * Every phrase of the data found in the message, ruled out or not, as `kind:group:place` (group -1 for the lists
   * of guards): the tests use it to tell which rows of their table a phrase can change.
   */
  function phrasesFound(message: string): Set<string> {
    return new Set(findHits(redFlagWords(message)).map((hit) => `${hit.kind}:${hit.group}:${hit.source}`));
  }

  return { redFlagWords, detectRedFlags, phrasesFound };
}

/**
 * True when some sign has a context phrase in its sentence at most `within` words away. One forward sweep finds, for
 * every word, the latest-ending context phrase started at or before it; one backward sweep the earliest-starting one
 * at or after it.
 */
function hasNear(
  signs: readonly Hit[],
  near: readonly Hit[],
  sentence: readonly number[],
  count: number,
  within: number,
) {
  if (!near.length) return false;
  const endingBy = new Array<Hit | undefined>(count);
  const startingFrom = new Array<Hit | undefined>(count + 1);
  const byStart = new Array<Hit[] | undefined>(count);
  for (const hit of near) (byStart[hit.start] ??= []).push(hit);
  let best: Hit | undefined;
  for (let index = 0; index < count; index++) {
    for (const hit of byStart[index] ?? []) if (!best || hit.end > best.end) best = hit;
    endingBy[index] = best;
  }
  best = undefined;
  for (let index = count - 1; index >= 0; index--) {
    if (byStart[index]?.length) best = byStart[index]![0];
    startingFrom[index] = best;
  }
  return signs.some((sign) => {
    const before = endingBy[sign.start];
    const after = startingFrom[sign.start];
    const close = (hit: Hit | undefined, distance: number) =>
      hit !== undefined && sentence[hit.start] === sentence[sign.start] && distance <= within;
    return (
      close(before, before ? Math.max(0, sign.start - before.end) : Infinity) ||
      close(after, after ? Math.max(0, after.start - sign.end) : Infinity)
    );
  });
}

const defaultDetector = createRedFlagDetector(redFlagData);

/** The message as words, with ',' and '.' tokens where clauses and sentences end. */
export const redFlagWords = defaultDetector.redFlagWords;

/**
 * The categories of emergency a message shows (empty when none), in the order of the groups in the data. A sign
 * that is negated, in the past, ended, or meant otherwise (see shared/chat-red-flags.ts) does not count.
 */
export const detectRedFlags = defaultDetector.detectRedFlags;

/** True when a visitor's message shows a sign of a possible emergency (the emergency reply and the Urgent mark). */
export function containsRedFlag(message: string): boolean {
  return detectRedFlags(message).length > 0;
}
