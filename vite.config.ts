import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration, type ViteUserConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { serverOnlyModules } from './server/tools/server-only-modules.mjs';

const root = fileURLToPath(new URL('./client', import.meta.url));
const projectRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * The database-touching suites run on SQLite (`unit`) and on PostgreSQL (`unit-postgres`, see postgresProjects), and
 * so does the whole browser suite (`browser`, `browser-postgres`: its server on SQLite, or on a PostgreSQL schema).
 * Suites that test SQLite itself stay SQLite-only: busy retries, SQLITE_FULL and rollback (database-faults), the
 * better-sqlite3 statement cache, the pragmas and sqlite_master after migrations (migrations, sqlite-schema), SQLite
 * file durability under kill -9 (forms-durability; tests/server/db/postgres-durability.pg.test.ts is PostgreSQL's),
 * and the staff tools' tests that build a SQLite file (audit-cli, export-csv, retention-cli; PostgreSQL's:
 * tests/server/tools/tools-on-postgres.pg.test.ts).
 */
const sqliteOnly = [
  'tests/server/db/database-faults.test.ts',
  'tests/server/db/statement-cache.test.ts',
  'tests/server/db/migrations.test.ts',
  'tests/server/db/sqlite-schema.test.ts',
  'tests/server/forms-durability.test.ts',
  'tests/server/tools/audit-cli.test.ts',
  'tests/server/tools/export-csv.test.ts',
  'tests/server/tools/retention-cli.test.ts',
];

/** Timing tests (issue #25.4): only in the `perf` project, which runs alone after everything else. */
const perfTest = /\.perf\.test\.ts$/;

/** Test files that open a database: through the test database, the test servers, or the database modules. */
function databaseTestFiles(): string[] {
  const touchesDatabase =
    /test-db|test-server|socket-harness|site-server|forms-fixtures|staff-fixtures|openDatabase|openAppDatabase|createTestDb/;
  return fs
    .readdirSync(path.join(projectRoot, 'tests'), { recursive: true, encoding: 'utf8' })
    .map((file) => `tests/${file.split(path.sep).join('/')}`)
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith('tests/browser/') && !perfTest.test(file))
    .filter((file) => !sqliteOnly.includes(file))
    .filter((file) => touchesDatabase.test(fs.readFileSync(path.join(projectRoot, file), 'utf8')))
    .sort();
}

/**
 * Browser tests of the client alone, left out of `browser-postgres`: they read prerendered pages and drive the client
 * (typing, layout, menus, axe, presses before hydration) without storing or reading anything, so the database behind
 * the server changes nothing they check, and together they are about a third of the browser suite's time.
 * typed-while-loading: 70 page loads on the throttled phone, about 8 minutes (two at a time: docs/decisions/0055).
 */
const clientOnlyBrowserTests = [
  'tests/browser/typed-while-loading.test.ts',
  'tests/browser/pages-a11y.test.ts',
  'tests/browser/catalogue-pages.test.ts',
  'tests/browser/catalogue-interactions.test.ts',
  'tests/browser/layout.test.ts',
  'tests/browser/header-fit.test.ts',
  'tests/browser/hydration-stability.test.ts',
  'tests/browser/presses-before-scripts.test.ts',
];

/**
 * Browser tests of what the client does, also left out of `browser-postgres`: they send through the same procedures as
 * every other form, but what they check does not depend on the database behind them: that a slow phone's press
 * reaches the server once, by the plain post or the live form and never both (forms-slow-phone, about 2 minutes),
 * that keys typed before the scripts are kept (forms-typed-early), the forms' markup and axe (the a11y files), and each
 * form's own behaviour: its checks, prefills, busy label, toasts, failure and limit messages, its retry with the same
 * key, and its code arriving late (the forms-<name> files, forms-retry, forms-rate-limit, island: about 95 s).
 * Storing those sends once on PostgreSQL is pinned by `unit-postgres` (forms-idempotency and the forms router suites),
 * and in the browser by forms-no-javascript, which sends every stored form and stays in both projects.
 */
const clientBehaviourBrowserTests = [
  'tests/browser/forms-slow-phone.test.ts',
  'tests/browser/forms-typed-early.test.ts',
  'tests/browser/forms-a11y.test.ts',
  'tests/browser/auth-a11y.test.ts',
  'tests/browser/forms-appointment.test.ts',
  'tests/browser/forms-service-order.test.ts',
  'tests/browser/forms-trip-plan.test.ts',
  'tests/browser/forms-newsletter.test.ts',
  'tests/browser/forms-job-application.test.ts',
  'tests/browser/forms-retry.test.ts',
  'tests/browser/forms-rate-limit.test.ts',
  'tests/browser/island.test.ts',
];

/** Browser tests whose servers are on PostgreSQL and Redis whichever project runs them (two server processes). */
const ownEngineBrowserTests = ['tests/browser/whatsapp-two-nodes.test.ts'];

/**
 * The browser suite (Chromium against the production build, tests/helpers/browser-global-setup.ts), one file at a time.
 * `browser` and `browser-postgres` run one after the other (sequence.groupOrder): two Chromiums on a small machine make
 * the throttled slow-phone tests flaky.
 */
const browserProject = (
  name: string,
  groupOrder: number,
  engine: 'sqlite' | 'postgres',
): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include: ['tests/browser/**/*.test.ts'],
    ...(engine === 'postgres'
      ? { exclude: [...clientOnlyBrowserTests, ...clientBehaviourBrowserTests, ...ownEngineBrowserTests] }
      : {}),
    environment: 'node',
    globalSetup: ['tests/helpers/browser-global-setup.ts'],
    setupFiles: ['tests/setup.ts'],
    // Read by the globalSetup (from the project's config) and by the servers tests start themselves (from the env).
    env: { TEST_DB_ENGINE: engine },
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    sequence: { groupOrder },
  },
});

const answers = (port: number, host: string) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ port, host, timeout: 1000 });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });

/**
 * The PostgreSQL run of the database suites (issue #16): `unit-postgres` (the database-touching unit suites and
 * *.pg.test.ts) and `browser-postgres` (the whole browser suite, its server on a fresh PostgreSQL schema), when
 * TEST_DATABASE_URL is set (then it must work), or when PostgreSQL answers on 127.0.0.1:5432. Otherwise they are left
 * out, and it says so in one line.
 */
async function postgresProjects(mode: string): Promise<TestProjectInlineConfiguration[]> {
  if (mode !== 'test') return [];
  if (!process.env.TEST_DATABASE_URL && !(await answers(5432, '127.0.0.1'))) {
    // Vitest reads this config more than once per run (and its workers inherit the environment): one line is enough.
    if (!process.env.POSTGRES_NOTICE_SHOWN)
      console.log(
        'PostgreSQL: not reachable on 127.0.0.1:5432 and TEST_DATABASE_URL unset; the database tests ran on SQLite only.',
      );
    process.env.POSTGRES_NOTICE_SHOWN = '1';
    return [];
  }
  return [
    {
      extends: true,
      test: {
        name: 'unit-postgres',
        include: [...databaseTestFiles(), 'tests/**/*.pg.test.ts'],
        environment: 'node',
        setupFiles: ['tests/setup.ts'],
        env: { TEST_DB_ENGINE: 'postgres' },
        testTimeout: 30_000,
        hookTimeout: 30_000,
        sequence: { groupOrder: 0 },
      },
    },
    // vitest runs the groups one after another: `unit` and `unit-postgres` (0), this (1), then `browser` (2), never two
    // browser projects side by side. Both globalSetups start their servers when the run begins; each idles until its
    // tests come.
    browserProject('browser-postgres', 1, 'postgres'),
  ];
}

const outDir = fileURLToPath(new URL('./dist/client', import.meta.url));

export default defineConfig(async ({ mode }): Promise<ViteUserConfig> => ({
  root,
  publicDir: 'public',
  // serverOnlyModules: *.server.ts(x) modules are stubbed in the browser's build (docs/rendering.md §3).
  plugins: [serverOnlyModules(), react()],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim\/index\.js$/,
        replacement: fileURLToPath(new URL('./client/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir,
    emptyOutDir: true,
    manifest: true,
    // SVG illustrations stay files so they are cached once and lazy-loaded.
    assetsInlineLimit: 0,
    target: 'es2022',
    // No per-import dependency lists in the entry: page chunks are preloaded by the
    // server-rendered HTML, and client-side navigation loads the few shared chunks on demand.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // Few requests on slow networks: the framework in one chunk, the shared app shell in
        // another; each page stays its own chunk.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam)[\\/]/,
              priority: 2,
            },
            {
              name: 'shell',
              test: /client[/](app[/](app|routes|paths)|rendering[/](render-context|lazy-page|server-content)|layout[/][a-z-]+|lib[/]use-sync-external-store|components[/](app-link|icon|current-date|toast[/][a-z-]+)|features[/]chat[/]chat-launcher)\.tsx?$|shared[/](brand|constants)\.ts$|icons\.svg/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    // CI asks for a JSON report to total the results in one line.
    reporters: process.env.VITEST_JSON_REPORT ? ['default', 'json'] : ['default'],
    outputFile: process.env.VITEST_JSON_REPORT ? { json: process.env.VITEST_JSON_REPORT } : undefined,
    root: projectRoot,
    // Most unit files wait on PostgreSQL, sockets, child processes and timers more than they compute: vitest's default
    // (one worker per CPU less one: a single worker on a 2-CPU machine) left the CPUs idle (docs/decisions/0048).
    // The browser and perf projects still run one file at a time (fileParallelism: false).
    maxWorkers: Math.max(3, os.availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.{ts,tsx}'],
          // *.pg.test.ts test PostgreSQL itself: they run in unit-postgres only. *.perf.test.ts: in `perf` only.
          exclude: ['tests/browser/**', 'tests/**/*.pg.test.ts', 'tests/**/*.perf.test.ts', 'node_modules/**'],
          environment: 'node',
          setupFiles: ['tests/setup.ts'],
          testTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      browserProject('browser', 2, 'sqlite'),
      ...(await postgresProjects(mode)),
      {
        // Upper bounds on elapsed time (issue #25.4): measured alone, one file at a time, after every other group, so
        // that neither a parallel project nor a Chromium shares the CPUs. Nothing else asserts how long things take.
        extends: true,
        test: {
          name: 'perf',
          include: ['tests/**/*.perf.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 30_000,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
}));
