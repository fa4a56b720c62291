/**
 * Applies the red-flag groups of shared/chat-red-flags.ts to a visitor's message (the notation and the rules are
 * explained there). The work is linear in the message's length: one pass to make words, one pass to find every
 * phrase that starts at each word (the candidates come from an index by first word, so the cost per word is bounded
 * by the data, not by the message), and one forward and one backward sweep per group that has a sign, to find the
 * nearest context word. No regular expression backtracks over the message.
 *
 * The steps live in red-flags/: words.ts (reading a message as words), phrases.ts (the notation and the search),
 * clauses.ts, negation.ts, time-guards.ts (past and ended signs) and near.ts (context near a sign).
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
import { splitClauses } from './red-flags/clauses';
import { hasNear } from './red-flags/near';
import { negationScope } from './red-flags/negation';
import {
  createPhraseCompiler,
  findHits,
  indexByFirstWord,
  knownWordTest,
  type Entry,
  type Hit,
  type Kind,
} from './red-flags/phrases';
import { timeGuards, type TimeWords } from './red-flags/time-guards';
import { createWordReader, spellingsByWrong, wordsOf } from './red-flags/words';

const DEFAULT_WITHIN = 8;

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

/** Every phrase of the data: each group's signs, context and other meanings, then the lists of guards (group -1). */
function entriesOf(data: RedFlagData): Entry[] {
  const compile = createPhraseCompiler(data.wordClasses);
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
  return entries;
}

/** The words the time guards read: `referBack`, and what before a resolution word means it has not ended. */
function timeWordsOf(data: RedFlagData, negatorSet: ReadonlySet<string>): TimeWords {
  // "has not stopped", "it cant go away", "e no wan gree go", "refuses to go away".
  const notEnded = new Set([...negatorSet, 'cant', 'gree', 'refuse', 'refused', 'refuses']);
  return { referBack: new Set(wordsOf(data.referBack)), notEnded };
}

/** The `group:clause` pairs where a group's `unless` phrase gives its signs another meaning ("stroke of luck"). */
function otherMeanings(hits: readonly Hit[], clause: readonly number[]): Set<string> {
  const pairs = new Set<string>();
  for (const hit of hits) if (hit.kind === 'unless') pairs.add(`${hit.group}:${clause[hit.start]}`);
  return pairs;
}

/** The sign hits and the context hits of each group. */
function signsAndContextByGroup(hits: readonly Hit[]) {
  const signsByGroup = new Map<number, Hit[]>();
  const nearByGroup = new Map<number, Hit[]>();
  for (const hit of hits) {
    const target = hit.kind === 'sign' ? signsByGroup : hit.kind === 'near' ? nearByGroup : null;
    if (!target) continue;
    const list = target.get(hit.group);
    if (list) list.push(hit);
    else target.set(hit.group, [hit]);
  }
  return { signsByGroup, nearByGroup };
}

/**
 * The categories of the groups that have a sign not ruled out and, when the group names context, context near it;
 * each category once, in the order of the groups.
 */
function categoriesFound(
  groups: readonly RedFlagGroup[],
  hits: readonly Hit[],
  sentence: readonly number[],
  ruledOut: (sign: Hit) => boolean,
): RedFlagCategory[] {
  const { signsByGroup, nearByGroup } = signsAndContextByGroup(hits);
  const found = new Set<RedFlagCategory>();
  groups.forEach((group, index) => {
    if (found.has(group.category)) return;
    const signs = (signsByGroup.get(index) ?? []).filter((sign) => !ruledOut(sign));
    if (!signs.length) return;
    if (!group.near) {
      found.add(group.category);
      return;
    }
    if (hasNear(signs, nearByGroup.get(index) ?? [], sentence, group.within ?? DEFAULT_WITHIN))
      found.add(group.category);
  });
  return groups
    .map((group) => group.category)
    .filter((category, i, all) => found.has(category) && all.indexOf(category) === i);
}

/**
 * A matcher for the given data. The chat uses the one for shared/chat-red-flags.ts (below); the tests build others
 * with one phrase left out, to show which phrases the table of realistic messages needs.
 */
export function createRedFlagDetector(data: RedFlagData) {
  /** Words that start a new clause: a negation or a past time before them does not reach past them. */
  const conjunctions = new Set(wordsOf(data.clauseStarters));
  const spellingOf = spellingsByWrong(data.spellings);
  const entries = entriesOf(data);
  const candidatesAt = indexByFirstWord(entries);
  const redFlagWords = createWordReader(spellingOf, data.rewrites, knownWordTest(entries, spellingOf.keys()));
  const negatorSet = new Set(wordsOf(data.negators));
  const exclamationSet = new Set(wordsOf(data.exclamationAfterNo));
  const timeWords = timeWordsOf(data, negatorSet);
  const contextHasItsOwnTime = (group: number) => data.groups[group]!.contextHasItsOwnTime ?? false;

  /**
   * The categories of emergency a message shows (empty when none), in the order of the groups in the data. A sign
   * that is negated, in the past, ended, or meant otherwise (see shared/chat-red-flags.ts) does not count.
   */
  function detectRedFlags(message: string): RedFlagCategory[] {
    const words = redFlagWords(message);
    const layout = splitClauses(words, conjunctions);
    const hits = findHits(words, candidatesAt, conjunctions);
    const negated = negationScope(words, layout.clause, negatorSet, exclamationSet);
    const meantOtherwise = otherMeanings(hits, layout.clause);
    const time = timeGuards(words, hits, layout, timeWords, contextHasItsOwnTime);
    const ruledOut = (sign: Hit) =>
      negated(sign.start) ||
      meantOtherwise.has(`${sign.group}:${layout.clause[sign.start]}`) ||
      time.inThePast(sign) ||
      time.isOver(sign);
    return categoriesFound(data.groups, hits, layout.sentence, ruledOut);
  }

  /**
   * Every phrase of the data found in the message, ruled out or not, as `kind:group:place` (group -1 for the lists
   * of guards): the tests use it to tell which rows of their table a phrase can change.
   */
  function phrasesFound(message: string): Set<string> {
    return new Set(
      findHits(redFlagWords(message), candidatesAt, conjunctions).map(
        (hit) => `${hit.kind}:${hit.group}:${hit.source}`,
      ),
    );
  }

  return { redFlagWords, detectRedFlags, phrasesFound };
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
