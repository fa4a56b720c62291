import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createApp } from '../../server/app';
import { createSessionEvents } from '../../server/auth/session-events';
import { createInboxEvents } from '../../server/staff/inbox-events';
import { attachChat } from '../../server/chat/attach-chat';
import { ALWAYS_OPEN } from './support-clocks';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { loadEnv } from '../../server/env';
import { createLogger } from '../../server/logger';
import { loadSiteBuild } from '../../server/site/load-site-build';
import { startMailWorker } from '../../server/mail/mail-worker';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: account e-mails land in outbox/*.eml (no SMTP_URL), the database is app.db. */
    dataDir: string;
  }
}

/** Starts the production build once for all browser tests, on an ephemeral port with its own data folder. */
export default async function setup(project: TestProject) {
  const site = await loadSiteBuild();
  if (!site) throw new Error('Browser tests need the production build: run `npm run build` first (npm test does).');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-browser-'));
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'error', PORT: '0' });
  const { db } = openDatabase(path.join(dataDir, 'app.db'));
  await migrateToLatest(db);
  const sessionEvents = createSessionEvents();
  const inboxEvents = createInboxEvents();
  const app = createApp({ env, db, logger: createLogger('error'), version: 'test', site, sessionEvents, inboxEvents });
  const server = http.createServer(app);
  // Live support chat (issue #6) on the same server, as in server/index.ts.
  const chat = attachChat(server, {
    env,
    db,
    logger: createLogger('error'),
    sessionEvents,
    inboxEvents,
    // The bot's in-hours answer, whatever the hour CI runs at; out-of-hours journeys start their own server.
    supportClock: ALWAYS_OPEN,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  project.provide('baseUrl', `http://127.0.0.1:${address.port}`);
  project.provide('dataDir', dataDir);
  // Account e-mails (issue #5) are written to dataDir/outbox, as with the embedded default.
  const mailWorker = startMailWorker({ db, env, logger: createLogger('error'), pollMs: 200 });

  return async () => {
    await chat.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await mailWorker.stop();
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
