import http from 'node:http';
import path from 'node:path';
import packageJson from '../package.json' with { type: 'json' };
import { createApp } from './app';
import { attachChat } from './chat/attach-chat';
import { openAppDatabase } from './db/app-database';
import { migrateToLatest } from './db/migrate';
import { ConfigError, loadEnv } from './env';
import { createLogger } from './logger';
import { loadSiteBuild } from './site/load-site-build';
import { startQueueWorkers } from './queue-workers';
import { startRetentionSchedule } from './retention/retention-schedule';
import { createRedisClients } from './redis/redis-clients';
import { createServices } from './services';

const SHUTDOWN_GRACE_MS = 10_000;
/** How long start-up waits for Redis before serving anyway (503 on /healthz until it answers). */
const REDIS_READY_WAIT_MS = 5000;

async function main() {
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL, undefined, { pretty: env.NODE_ENV === 'development' });
  // Imported, not read at run time: the compiled server (dist/server) has no package.json beside it.
  const { version } = packageJson;

  const { db } = openAppDatabase(env);
  const applied = await migrateToLatest(db);
  if (applied.length) logger.info('migrations applied', { count: applied.length });

  const site = await loadSiteBuild(path.resolve(env.DIST_DIR));
  if (!site && env.NODE_ENV === 'production')
    logger.error('no build found in dist/: run `npm run build` (npm start does this for you)');

  // Several nodes (issue #16): chat delivery, presence, staff events and rate limits go through Redis.
  const redis = env.REDIS_URL ? createRedisClients(env.REDIS_URL, { logger, prefix: env.REDIS_KEY_PREFIX }) : undefined;
  if (redis && !(await redis.ready(REDIS_READY_WAIT_MS)))
    logger.error('redis not reachable at start-up: serving, with /healthz at 503 until it is');

  // Built once and shared: a logout in the app disconnects that session's chat sockets, a submission reaches every open
  // staff inbox, and the app and the chat write through one batcher, one audit log and one mail queue.
  const services = createServices(env, db, logger, redis);
  const app = createApp(services, { version, site: site ?? undefined });
  // Deliver the e-mail and text queues.
  const queueWorkers = startQueueWorkers(services);
  // Retention as the privacy notice promises (issue #13): daily, the first run a minute after start.
  const retention = startRetentionSchedule({ db, env, logger, audit: services.audit });
  const server = http.createServer(app);
  const chat = attachChat(server, services);

  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    logger.info('listening', { url: `http://localhost:${port}`, version });
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    // Stop accepting, let in-flight requests finish, then close the database and exit 0.
    const force = setTimeout(() => {
      logger.error('shutdown grace period over, closing remaining connections');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    void chat.close();
    server.close(() => {
      void (async () => {
        await queueWorkers.stop();
        await retention.stop();
        await redis?.quit();
        await db.destroy();
        logger.info('stopped');
        process.exit(0);
      })();
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78);
  }
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
