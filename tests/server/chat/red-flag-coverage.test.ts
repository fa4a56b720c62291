/**
 * Which red-flag phrases the table of realistic messages needs (issue #25 item 2). A file of its own: it builds the
 * detector once per phrase (about a thousand times), so the mutation run of red-flags.ts (.ci/mutation-groups.js),
 * which runs its tests once per mutant, leaves it out; the table's own tests judge the mutants.
 */
import { describe, expect, it } from 'vitest';
import { phraseCoverage } from './red-flag-coverage';
import { emergencyMessages, ordinaryMessages } from './red-flag-messages';
import { untestedPhrases } from './red-flag-untested';

describe('which phrases the table needs (issue #25 item 2)', () => {
  // The table, not the list, is what is tested: a phrase counts as tested only when leaving it out of the data
  // makes some row of the table fail.
  it('reports the phrases no row needs, and holds them to the recorded list so that it only shrinks', () => {
    const coverage = phraseCoverage({ emergencies: emergencyMessages, ordinary: ordinaryMessages });
    const untested = coverage.filter(({ needed }) => !needed).map(({ phrase }) => phrase);
    console.log(
      `red-flag phrases: ${coverage.length}, needed by some row of the table: ${coverage.length - untested.length}, ` +
        `untested: ${untested.length}`,
    );
    expect(new Set(coverage.map(({ phrase }) => phrase)).size, 'each phrase named once').toBe(coverage.length);
    const listed = new Set(untestedPhrases);
    expect(
      untested.filter((phrase) => !listed.has(phrase)),
      'phrases no row needs: add rows that need them',
    ).toEqual([]);
    expect(
      untestedPhrases.filter((phrase) => !untested.includes(phrase)),
      'now tested (or gone): take them off red-flag-untested.ts',
    ).toEqual([]);
  }, 180_000);
});
