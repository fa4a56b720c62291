// `npm run test:mutation [group...]`: runs Stryker once per group of .ci/mutation-groups.js (all of them when none is
// named), then prints each mutated file's score from the JSON reports in tmp/mutation/.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { mutationGroups } from './mutation-groups.js';

const root = path.resolve(import.meta.dirname, '..');
const names = process.argv.slice(2);
for (const name of names)
  if (!(name in mutationGroups)) {
    console.error(`Unknown group ${name}; groups: ${Object.keys(mutationGroups).join(', ')}`);
    process.exit(2);
  }

const stryker = path.join(root, 'node_modules/.bin/stryker');
const summary = [];
let failed = false;
for (const name of names.length ? names : Object.keys(mutationGroups)) {
  const started = Date.now();
  console.log(`\n== Mutation group ${name}`);
  const run = spawnSync(stryker, ['run', '.ci/stryker.config.js'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MUTATION_GROUP: name },
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (run.status !== 0) {
    failed = true;
    summary.push(`${name}: Stryker failed (exit ${run.status ?? run.signal}) after ${seconds} s`);
    continue;
  }
  const report = JSON.parse(fs.readFileSync(path.join(root, `tmp/mutation/${name}.json`), 'utf8'));
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const count = (...states) => mutants.filter((mutant) => states.includes(mutant.status)).length;
    const detected = count('Killed', 'Timeout');
    const undetected = count('Survived', 'NoCoverage');
    const score = detected + undetected ? ((100 * detected) / (detected + undetected)).toFixed(1) : 'n/a';
    summary.push(`${name}: ${file}: ${score}% (${detected} killed, ${undetected} survived or not covered)`);
  }
  summary.push(`${name}: ${seconds} s`);
}
console.log(`\nMutation scores per module (reports: tmp/mutation/<group>.html)\n${summary.join('\n')}`);
process.exit(failed ? 1 : 0);
