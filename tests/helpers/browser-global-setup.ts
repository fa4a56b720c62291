import type { TestProject } from 'vitest/node';
import { startSiteServer } from './site-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: account e-mails land in outbox/*.eml (no SMTP_URL), the database is app.db. */
    dataDir: string;
  }
}

/**
 * Starts the production build once for all browser tests (site, tRPC, chat and staff sockets, mail worker to
 * dataDir/outbox), on an ephemeral port with its own data folder. Its bot answers as in office hours whatever the hour
 * CI runs at; out-of-hours journeys start their own server.
 */
export default async function setup(project: TestProject) {
  const site = await startSiteServer();
  project.provide('baseUrl', site.baseUrl);
  project.provide('dataDir', site.dataDir);
  return site.close;
}
