// The vitest run Stryker makes for `npm run test:mutation`: one group's unit tests (.ci/mutation-groups.js), on SQLite
// only, with the project's setup file (a console.error fails a test, as in `npm test`).
import { defineConfig } from 'vitest/config';
import { currentGroup } from './mutation-groups.js';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: currentGroup().tests,
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    env: { TEST_DB_ENGINE: 'sqlite' },
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
