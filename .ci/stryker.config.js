// StrykerJS for `npm run test:mutation` (issue #25.3), one run per group of .ci/mutation-groups.js (MUTATION_GROUP).
import { currentGroup } from './mutation-groups.js';

const group = currentGroup();

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: '.ci/vitest.mutation.config.js', related: false },
  mutate: group.mutate(),
  // perTest: each mutant runs only the tests that reached it (static mutants still run the whole group).
  coverageAnalysis: 'perTest',
  // Every covering test runs, so the JSON report names every test that kills a mutant (which tests earn the score).
  disableBail: true,
  // The machine is shared: two test processes at most.
  concurrency: 2,
  // Generous: on a busy machine a static mutant's full run (every test of the group, modules loaded again) took longer
  // than 10 s and was counted as a timeout, that is as killed; a real endless loop still ends the run at this bound.
  timeoutMS: 60_000,
  timeoutFactor: 2,
  // Leading slash: the top-level folders only (server/data is code). The unit tests need no build, and a build
  // running meanwhile would change dist/ while Stryker copies it.
  ignorePatterns: ['/data', '/tmp', '/dist'],
  tempDirName: `tmp/stryker-${group.name}`,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  clearTextReporter: { allowEmojis: false, logTests: false, maxTestsToLog: 0, reportScoreTable: true },
  htmlReporter: { fileName: `tmp/mutation/${group.name}.html` },
  jsonReporter: { fileName: `tmp/mutation/${group.name}.json` },
  thresholds: { high: 90, low: 80, break: null },
  cleanTempDir: true,
};
