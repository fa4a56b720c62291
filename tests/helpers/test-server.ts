import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type AppDeps } from '../../server/app';
import { createSessionEvents } from '../../server/auth/session-events';
import { createInboxEvents } from '../../server/staff/inbox-events';
import { loadEnv, type Env } from '../../server/env';
import { createLogger } from '../../server/logger';
import { loadSiteBuild } from '../../server/site/load-site-build';
import { createTestDb } from './test-db';
import { withWriteFaults } from './write-faults';

/** Serves a request handler on an ephemeral loopback port. */
export async function listenOnEphemeralPort(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const closeServer = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return { server, baseUrl, closeServer };
}

type TestServerOptions = {
  withSite?: boolean;
  env?: Record<string, string>;
  deps?: Partial<AppDeps>;
  /** The app's inserts marked by the test fail (tests/helpers/write-faults.ts). */
  writeFaults?: boolean;
};

/** The real app on an ephemeral port with a fresh migrated in-memory database. */
export async function startTestServer(options: TestServerOptions = {}) {
  const db = await createTestDb();
  const env: Env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', ...options.env });
  const site = options.withSite ? await loadSiteBuild() : null;
  if (options.withSite && !site)
    throw new Error('No production build in dist/: run `npm run build` first (npm test does).');
  // Shared with attachChat when a test adds the chat (tests/helpers/socket-harness.ts).
  const sessionEvents = options.deps?.sessionEvents ?? createSessionEvents();
  const inboxEvents = options.deps?.inboxEvents ?? createInboxEvents();
  const app = createApp({
    env,
    db: options.writeFaults ? withWriteFaults(db) : db,
    logger: createLogger('silent'),
    version: 'test',
    site: site ?? undefined,
    ...options.deps,
    sessionEvents,
    inboxEvents,
  });
  const { server, baseUrl, closeServer } = await listenOnEphemeralPort(app);
  return {
    baseUrl,
    db,
    env,
    server,
    sessionEvents,
    inboxEvents,
    close: async () => {
      await closeServer();
      await db.destroy();
    },
  };
}
