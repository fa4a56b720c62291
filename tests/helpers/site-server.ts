/**
 * A whole production server for one test: the built site, tRPC, the chat and staff sockets and the mail worker, on an
 * ephemeral port with its own data folder and database (SQLite DATA_DIR/app.db, or a fresh schema on the PostgreSQL
 * test server). For journeys that need their own settings (e.g. SMTP_URL to a real SMTP server in the test) rather
 * than the shared browser-test server, which the browser globalSetup starts with it too.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app';
import { attachChat, type ChatOptions } from '../../server/chat/attach-chat';
import { openAppDatabase } from '../../server/db/app-database';
import { migrateToLatest } from '../../server/db/migrate';
import { loadEnv } from '../../server/env';
import { createLogger } from '../../server/logger';
import { startQueueWorkers } from '../../server/queue-workers';
import { createServices } from '../../server/services';
import { loadSiteBuild } from '../../server/site/load-site-build';
import { ALWAYS_OPEN } from './support-clocks';
import { withWriteFaults } from './write-faults';
import { createProcessDatabase, testEngine, type TestEngine } from './test-postgres';

/** The server's pool on PostgreSQL: a few browser contexts at a time, with sockets, the bot and the mail worker. */
const SERVER_POOL_SIZE = '5';

export async function startSiteServer(
  envOverrides: Record<string, string> = {},
  chatOptions: Partial<Pick<ChatOptions, 'supportClock' | 'followUpAfterMs' | 'agentGraceMs'>> = {},
  /** This process's test engine (TEST_DB_ENGINE) unless given: the globalSetup runs outside the project's env. */
  engine: TestEngine = testEngine,
) {
  const site = await loadSiteBuild();
  if (!site) throw new Error('This test needs the production build: run `npm run build` first (npm test does).');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-site-'));
  const database = await createProcessDatabase(dataDir, engine);
  const removeData = async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  };
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    PORT: '0',
    DATABASE_POOL_SIZE: SERVER_POOL_SIZE,
    // A browser test that sends a text must see it go whatever the hour it runs at (the quiet hours have tests of their
    // own, with a clock).
    MESSAGING_QUIET_HOURS: 'off',
    ...database.env,
    ...envOverrides,
  });
  const logger = createLogger('error');
  const { db } = openAppDatabase(env);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    await removeData();
    throw error;
  }
  // Form submissions the browser tests mark fail inside their transaction (tests/helpers/write-faults.ts).
  const services = createServices(env, withWriteFaults(db), logger);
  const app = createApp(services, { version: 'test', site });
  const server = http.createServer(app);
  const chat = attachChat(server, services, { supportClock: ALWAYS_OPEN, ...chatOptions });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const queueWorkers = startQueueWorkers(services, { pollMs: 200 });
  return {
    baseUrl,
    db,
    dataDir,
    /** What a second connection needs; the globalSetup provides it to the tests (tests/helpers/server-db.ts). */
    databaseEnv: database.env,
    /** A second connection to this server's database: destroy it after use. */
    openDatabase: database.open,
    close: async () => {
      await chat.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await queueWorkers.stop();
      await db.destroy();
      await removeData();
    },
  };
}
