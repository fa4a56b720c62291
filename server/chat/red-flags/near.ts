import type { Hit } from './phrases';

/**
 * True when some sign has a context phrase in its sentence (`sentence`: the sentence of each word) at most `within`
 * words away. One forward sweep finds, for every word, the latest-ending context phrase started at or before it; one
 * backward sweep the earliest-starting one at or after it.
 */
export function hasNear(signs: readonly Hit[], near: readonly Hit[], sentence: readonly number[], within: number) {
  if (!near.length) return false;
  const count = sentence.length;
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
