import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LogConfig } from 'kysely';
import { createApp } from '../../server/app';
import { loadEnv, type Env } from '../../server/env';
import { createLogger, type Logger } from '../../server/logger';
import type { RedisClients } from '../../server/redis/redis-clients';
import { createServices, type ServiceOverrides } from '../../server/services';
import type { SiteBuild } from '../../server/site/site-handler';
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

/** Services a test puts in place (a counting password queue, a capturing logger, a node's Redis), and the site. */
export type TestServerDeps = ServiceOverrides & { logger?: Logger; redis?: RedisClients; site?: SiteBuild };

type TestServerOptions = {
  withSite?: boolean;
  env?: Record<string, string>;
  deps?: TestServerDeps;
  /** The app's inserts marked by the test fail (tests/helpers/write-faults.ts). */
  writeFaults?: boolean;
  /** Kysely's query log on the test database (tests/server/statement-counts.test.ts). */
  dbLog?: LogConfig;
};

/** The real app on an ephemeral port with a fresh migrated in-memory database. */
export async function startTestServer(options: TestServerOptions = {}) {
  const db = await createTestDb({ log: options.dbLog });
  const env: Env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', ...options.env });
  const site = options.withSite ? await loadSiteBuild() : null;
  if (options.withSite && !site)
    throw new Error('No production build in dist/: run `npm run build` first (npm test does).');
  const { logger = createLogger('silent'), redis, site: siteOverride, ...overrides } = options.deps ?? {};
  // Given to attachChat too when a test adds the chat (tests/helpers/socket-harness.ts), as server/index.ts does.
  const services = createServices(env, options.writeFaults ? withWriteFaults(db) : db, logger, redis, overrides);
  const app = createApp(services, { version: 'test', site: siteOverride ?? site ?? undefined });
  const { server, baseUrl, closeServer } = await listenOnEphemeralPort(app);
  return {
    baseUrl,
    db,
    env,
    server,
    services,
    sessionEvents: services.sessionEvents,
    inboxEvents: services.inboxEvents,
    close: async () => {
      await closeServer();
      await db.destroy();
    },
  };
}
