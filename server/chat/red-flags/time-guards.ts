/**
 * Whether a sign is in the past ("I had a stroke last year") or has ended ("the bleeding has stopped"), from the
 * guard phrases found in the message (`past`, `ongoing`, `resolved`, `resumed` hits) and the clauses around the sign.
 */
import type { Layout } from './clauses';
import type { Hit } from './phrases';

/** The word lists the time guards read besides the phrases. */
export type TimeWords = {
  /** Words with which a later clause points back to the sign ("but it went away"). */
  referBack: ReadonlySet<string>;
  /** Before a resolution word, these mean it has not ended ("has not stopped", "refuses to go away"). */
  notEnded: ReadonlySet<string>;
};

/** Guard words that are part of a sign ("stopped breathing") are the sign, not a guard. */
function partOfSomeSign(hits: readonly Hit[], count: number): (hit: Hit) => boolean {
  const inSign = new Array<boolean>(count).fill(false);
  for (const hit of hits) if (hit.kind === 'sign') for (let i = hit.start; i < hit.end; i++) inSign[i] = true;
  return (hit) => {
    for (let i = hit.start; i < hit.end; i++) if (inSign[i]) return true;
    return false;
  };
}

/** The starts of past-time words per clause, and the clauses that say it is happening now. */
function pastAndOngoing(hits: readonly Hit[], clause: readonly number[], partOfSign: (hit: Hit) => boolean) {
  const pastInClause = new Map<number, number[]>();
  const ongoingInClause = new Set<number>();
  for (const hit of hits) {
    if (hit.kind === 'ongoing') ongoingInClause.add(clause[hit.start]!);
    else if (hit.kind === 'past' && !partOfSign(hit)) {
      const starts = pastInClause.get(clause[hit.start]!);
      if (starts) starts.push(hit.start);
      else pastInClause.set(clause[hit.start]!, [hit.start]);
    }
  }
  return { pastInClause, ongoingInClause };
}

/**
 * The last start of a resolution word per clause, and per sentence in clauses that point back ("but it went away");
 * the last start of a word saying it came back, per sentence.
 */
function endsAndReturns(
  words: readonly string[],
  hits: readonly Hit[],
  { clause, sentence }: Layout,
  partOfSign: (hit: Hit) => boolean,
  { referBack, notEnded }: TimeWords,
) {
  const referringClauses = new Set<number>();
  words.forEach((word, index) => referBack.has(word) && referringClauses.add(clause[index]!));
  const resolvedInClause = new Map<number, number>();
  const resolvedReferring = new Map<number, number>();
  const lastResumed = new Map<number, number>();
  for (const hit of hits) {
    if (hit.kind === 'resumed')
      lastResumed.set(sentence[hit.start]!, Math.max(lastResumed.get(sentence[hit.start]!) ?? -1, hit.start));
    else if (hit.kind === 'resolved' && !partOfSign(hit)) {
      const before = [words[hit.start - 1], words[hit.start - 2]];
      if (before.some((word) => word !== undefined && notEnded.has(word))) continue;
      resolvedInClause.set(clause[hit.start]!, hit.start);
      if (referringClauses.has(clause[hit.start]!)) resolvedReferring.set(sentence[hit.start]!, hit.start);
    }
  }
  return { resolvedInClause, resolvedReferring, lastResumed };
}

/**
 * Whether a past time dates the sign's context rather than the sign. In a group whose context has its own time,
 * "bleeding after she gave birth last week" puts the past time on the birth (the context between), not the sign.
 */
function datesTheContext(hits: readonly Hit[], contextHasItsOwnTime: (group: number) => boolean) {
  // The latest start of a context phrase ending at each word, per group.
  const nearEndingAt = new Map<string, number>();
  for (const hit of hits)
    if (hit.kind === 'near') {
      const key = `${hit.group}:${hit.end}`;
      nearEndingAt.set(key, Math.max(nearEndingAt.get(key) ?? -1, hit.start));
    }
  return (sign: Hit, pastStart: number) => {
    if (!contextHasItsOwnTime(sign.group)) return false;
    for (let end = pastStart; end >= Math.max(sign.end + 1, pastStart - 2); end--)
      if ((nearEndingAt.get(`${sign.group}:${end}`) ?? -1) >= sign.end) return true;
    return false;
  };
}

/** The two time checks of a message's signs. */
export function timeGuards(
  words: readonly string[],
  hits: readonly Hit[],
  layout: Layout,
  timeWords: TimeWords,
  contextHasItsOwnTime: (group: number) => boolean,
) {
  const { clause, sentence, clauseStart } = layout;
  const partOfSign = partOfSomeSign(hits, words.length);
  const { pastInClause, ongoingInClause } = pastAndOngoing(hits, clause, partOfSign);
  const { resolvedInClause, resolvedReferring, lastResumed } = endsAndReturns(
    words,
    hits,
    layout,
    partOfSign,
    timeWords,
  );
  const pastOfContext = datesTheContext(hits, contextHasItsOwnTime);
  return {
    /** A past time in the sign's clause (not one of its context's) and nothing there saying it is happening now. */
    inThePast(sign: Hit): boolean {
      const ownClause = clause[sign.start]!;
      const past = (pastInClause.get(ownClause) ?? []).filter((start) => !pastOfContext(sign, start));
      return past.length > 0 && !ongoingInClause.has(ownClause);
    },
    /**
     * A resolution word in the sign's clause, or later in its sentence in a clause pointing back, and no word after it
     * in the sentence saying it came back.
     */
    isOver(sign: Hit): boolean {
      const ownSentence = sentence[sign.start]!;
      const later = resolvedReferring.get(ownSentence) ?? -1;
      const resolvedAt = Math.max(
        resolvedInClause.get(clause[sign.start]!) ?? -1,
        later >= clauseStart[sign.start]! ? later : -1,
      );
      return resolvedAt >= 0 && (lastResumed.get(ownSentence) ?? -1) < resolvedAt;
    },
  };
}
