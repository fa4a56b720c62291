/**
 * A whole production server for one test: the built site, tRPC, the chat and staff sockets and the mail worker, on an
 * ephemeral port with its own data folder. For journeys that need their own settings (e.g. SMTP_URL to a real SMTP
 * server in the test) rather than the shared browser-test server.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app';
import { createSessionEvents } from '../../server/auth/session-events';
import { attachChat, type ChatDeps } from '../../server/chat/attach-chat';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { loadEnv } from '../../server/env';
import { createLogger } from '../../server/logger';
import { startMailWorker } from '../../server/mail/mail-worker';
import { loadSiteBuild } from '../../server/site/load-site-build';
import { createInboxEvents } from '../../server/staff/inbox-events';
import { ALWAYS_OPEN } from './support-clocks';

export async function startSiteServer(
  envOverrides: Record<string, string> = {},
  chatOptions: Partial<Pick<ChatDeps, 'supportClock' | 'followUpAfterMs' | 'agentGraceMs'>> = {},
) {
  const site = await loadSiteBuild();
  if (!site) throw new Error('This test needs the production build: run `npm run build` first (npm test does).');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-site-'));
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'error', PORT: '0', ...envOverrides });
  const logger = createLogger('error');
  const { db } = openDatabase(path.join(dataDir, 'app.db'));
  await migrateToLatest(db);
  const sessionEvents = createSessionEvents();
  const inboxEvents = createInboxEvents();
  const app = createApp({ env, db, logger, version: 'test', site, sessionEvents, inboxEvents });
  const server = http.createServer(app);
  const chat = attachChat(server, {
    env,
    db,
    logger,
    sessionEvents,
    inboxEvents,
    supportClock: ALWAYS_OPEN,
    ...chatOptions,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const mailWorker = startMailWorker({ db, env, logger, pollMs: 200 });
  return {
    baseUrl,
    db,
    dataDir,
    close: async () => {
      await chat.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await mailWorker.stop();
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
