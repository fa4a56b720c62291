import { isBoundary, SENTENCE_END } from './words';

/** For each word of a message: its clause, its sentence, and where its clause starts. */
export type Layout = { clause: number[]; sentence: number[]; clauseStart: number[] };

/**
 * The clauses and sentences of a message's words. A clause starts after ',' or '.', and at a conjunction (right after
 * ',' or '.', or first in the message, it only skips a clause number: numbers are only compared); a sentence starts
 * after '.'. The boundary token belongs to the clause and sentence it ends.
 */
export function splitClauses(words: readonly string[], conjunctions: ReadonlySet<string>): Layout {
  const layout: Layout = { clause: [], sentence: [], clauseStart: [] };
  let clauseId = 0;
  let sentenceId = 0;
  let start = 0;
  words.forEach((word, index) => {
    if (conjunctions.has(word)) {
      clauseId++;
      start = index;
    }
    layout.clause.push(clauseId);
    layout.sentence.push(sentenceId);
    layout.clauseStart.push(start);
    if (isBoundary(word)) {
      clauseId++;
      start = index + 1;
      if (word === SENTENCE_END) sentenceId++;
    }
  });
  return layout;
}
