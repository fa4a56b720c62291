import { isBoundary, SENTENCE_END } from './words';

/** For each word of a message: its clause, its sentence, and where its clause starts. */
export type Layout = { clause: number[]; sentence: number[]; clauseStart: number[] };

/**
 * The clauses and sentences of a message's words. A clause starts after ',' or '.', and at a conjunction that is not
 * its first word; a sentence starts after '.'. The boundary token belongs to the clause and sentence it ends.
 */
export function splitClauses(words: readonly string[], conjunctions: ReadonlySet<string>): Layout {
  const count = words.length;
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
  return { clause, sentence, clauseStart };
}
