/**
 * Which phrases of the red-flag data the table of realistic messages needs: a phrase is tested when leaving it out
 * makes some row of the table fail (an emergency missed or reported under another category, an ordinary message
 * flagged). Not a test file itself: red-flags.test.ts reports and checks the result.
 */
import { createRedFlagDetector, redFlagData, type RedFlagData } from '../../../server/chat/red-flags';
import type { RedFlagCategory } from '../../../shared/chat-red-flags';

type Emergency = readonly [RedFlagCategory, string];
export type Rows = { emergencies: readonly Emergency[]; ordinary: readonly string[] };
type Row = { message: string; holds: (categories: RedFlagCategory[]) => boolean };

/** One phrase of the data, the data without it, and which rows it can change. */
type Omission = { phrase: string; without: RedFlagData; touches: (row: Row) => boolean };

const withoutIndex = <T>(list: readonly T[], index: number) => list.filter((_, at) => at !== index);
const lettersHeldDown = /(.)\1\1/;
const rawWords = (message: string) => new Set(message.toLowerCase().split(/[^\p{L}\p{N}']+/u));

function* omissions(data: RedFlagData, found: (row: Row) => Set<string>): Generator<Omission> {
  // A phrase changes only the rows it is found in, and (through the words the matcher knows, which decide how far a
  // drawn-out word is shortened) rows with a letter held down.
  const foundIn = (key: string) => (row: Row) => found(row).has(key) || lettersHeldDown.test(row.message);
  const kindOf = { signs: 'sign', near: 'near', unless: 'unless' } as const;
  for (const [groupIndex, group] of data.groups.entries())
    for (const field of ['signs', 'near', 'unless'] as const)
      for (const [index, source] of (group[field] ?? []).entries()) {
        const groups = data.groups.map((other, at) =>
          at === groupIndex ? { ...other, [field]: withoutIndex(other[field]!, index) } : other,
        );
        yield {
          phrase: `${group.name} / ${field}: '${source}'`,
          without: { ...data, groups },
          touches: foundIn(`${kindOf[field]}:${groupIndex}:${index}`),
        };
      }
  const guardKind = { pastEvent: 'past', resolved: 'resolved', ongoing: 'ongoing', resumed: 'resumed' } as const;
  for (const list of ['pastEvent', 'resolved', 'ongoing', 'resumed'] as const)
    for (const [index, source] of data[list].entries())
      yield {
        phrase: `${list}: '${source}'`,
        without: { ...data, [list]: withoutIndex(data[list], index) },
        touches: foundIn(`${guardKind[list]}:-1:${index}`),
      };
  for (const [index, [from, into]] of data.rewrites.entries())
    yield {
      phrase: `rewrites: '${from}' -> '${into}'`,
      without: { ...data, rewrites: withoutIndex(data.rewrites, index) },
      // The run's words may themselves be spellings: any row with a word of it, or a word it spells.
      touches: () => true,
    };
  for (const [right, wrongs] of Object.entries(data.spellings))
    for (const wrong of wrongs.split(/\s+/).filter(Boolean))
      yield {
        phrase: `spellings: '${wrong}' -> '${right}'`,
        without: {
          ...data,
          spellings: {
            ...data.spellings,
            [right]: wrongs
              .split(/\s+/)
              .filter((word) => word !== wrong)
              .join(' '),
          },
        },
        touches: (row) => rawWords(row.message).has(wrong) || lettersHeldDown.test(row.message),
      };
}

const rowsOf = ({ emergencies, ordinary }: Rows): Row[] => [
  ...emergencies.map(([category, message]) => ({
    message,
    holds: (found: RedFlagCategory[]) => found.includes(category),
  })),
  ...ordinary.map((message) => ({ message, holds: (found: RedFlagCategory[]) => found.length === 0 })),
];

/** Every phrase of the data, and whether some row of the table fails without it. */
export function phraseCoverage(table: Rows, data: RedFlagData = redFlagData) {
  const rows = rowsOf(table);
  const full = createRedFlagDetector(data);
  const foundByRow = new Map(rows.map((row) => [row, full.phrasesFound(row.message)]));
  return [...omissions(data, (row) => foundByRow.get(row)!)].map(({ phrase, without, touches }) => {
    const touched = rows.filter(touches);
    if (!touched.length) return { phrase, needed: false };
    const { detectRedFlags } = createRedFlagDetector(without);
    return { phrase, needed: touched.some((row) => !row.holds(detectRedFlags(row.message))) };
  });
}
