import type { TestProject } from 'vitest/node';
import { startSiteServer } from './site-server';
import type { DatabaseEnv } from './test-postgres';

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
 */
export default async function setup(project: TestProject) {
  const engine = project.config.env?.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
  const site = await startSiteServer({}, {}, engine);
  project.provide('baseUrl', site.baseUrl);
  project.provide('dataDir', site.dataDir);
  project.provide('serverDatabase', site.databaseEnv);
  return site.close;
}
