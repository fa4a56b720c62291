import type { TestProject } from 'vitest/node';
import { startSiteServer } from './site-server';
import type { DatabaseEnv } from './test-postgres';

const SHARED_FORMS_PER_MINUTE = 10_000;

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: account e-mails land in outbox/*.eml (no SMTP_URL); on SQLite the database is app.db. */
    dataDir: string;
    /** The server's database on either engine: tests open it with openServerDatabase (server-db.ts). */
    serverDatabase: DatabaseEnv;
  }
}

/**
 * Starts the production build once for all browser tests (site, tRPC, chat and staff sockets, mail worker to
 * dataDir/outbox), on an ephemeral port with its own data folder, on the project's engine: SQLite for `browser`, a
 * fresh PostgreSQL schema for `browser-postgres` (its env sets TEST_DB_ENGINE, which this main process does not see).
 * Its bot answers as in office hours whatever the hour CI runs at; out-of-hours journeys start their own server.
 * Its form limit is far above what the whole suite sends in a minute: with the normal 10, whether a file's forms
 * were refused depended on what the files before it had sent. forms-rate-limit.test.ts checks the normal limit on
 * a server of its own.
 */
export default async function setup(project: TestProject) {
  const engine = project.config.env?.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
  const site = await startSiteServer({ RATE_LIMIT_FORMS_PER_MINUTE: String(SHARED_FORMS_PER_MINUTE) }, {}, engine);
  project.provide('baseUrl', site.baseUrl);
  project.provide('dataDir', site.dataDir);
  project.provide('serverDatabase', site.databaseEnv);
  return site.close;
}
