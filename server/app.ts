import type { TRPCError } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import compression from 'compression';
import express, { type ErrorRequestHandler } from 'express';
import { healthQuery } from './db/dialect';
import { outboundMessages } from './data/outbound-messages';
import { createWebhooks } from './messaging/providers';
import { messagingWebhooksRouter } from './messaging/webhooks-route';
import { databaseFaultOf } from './db/database-fault';
import { readRequestSession } from './auth/session-middleware';
import { jsonBodyGuard, MAX_BODY_BYTES } from './http/json-body-guard';
import { originCheck } from './http/origin-check';
import { requestLog } from './http/request-log';
import { hsts, securityHeaders } from './http/security-headers';
import { SERVICE_BUSY_MESSAGE } from '../shared/messages/service-messages';
import { createPageData } from './trpc/page-data';
import { siteHandler, type SiteBuild } from './site/site-handler';
import { batchGuard, mutationPaths } from './trpc/batch-guard';
import { staffExportRouter } from './staff/export-route';
import { staffAttachmentRouter } from './staff/attachment-route';
import { createNativeFormPosts } from './forms/native-form-posts';
import { chatTranscriptRouter } from './chat/transcript-route';
import { authStateFor } from '../shared/auth-state';
import { logOutRouter } from './auth/logout-route';
import { myDataRouter } from './auth/my-data-route';
import { readSessionCookie, sessionCookieName } from './auth/cookies';
import { validateSessionToken } from './auth/session';
import type { AppServices } from './services';
import { createInnerContext, type RequestContext } from './trpc/context';
import { appRouter } from './trpc/router';

export type AppOptions = {
  version: string;
  /** The built client; omitted in API-only tests and in `npm run dev` (Vite serves the client). */
  site?: SiteBuild;
};

/**
 * Malformed percent-encoding anywhere in the URL (GET /trpc/%E0%A4%A) is the client's mistake:
 * 400 here, before a router or tRPC tries to decode it and fails with a 500.
 */
const rejectMalformedUrl: express.RequestHandler = (req, res, next) => {
  try {
    decodeURIComponent(req.originalUrl);
  } catch {
    res.status(400).type('text/plain').send('Bad request');
    return;
  }
  next();
};

/**
 * Builds the Express app on the app's services (server/services.ts: limits, queues and listeners belong to this app
 * alone, issue #12; attachChat gets the same ones). It never listens: server/index.ts (or a test) does.
 */
export function createApp(services: AppServices, deps: AppOptions) {
  const { env, db, logger } = services;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', env.TRUST_PROXY);
  app.set('query parser', 'simple');

  app.use(requestLog(logger));
  const pageHeaders = securityHeaders({
    https: env.PUBLIC_ORIGIN?.startsWith('https:') ?? false,
    styleHashes: deps.site?.styleHashes,
    scriptHashes: deps.site?.scriptHashes,
  });
  // Hashed assets are scripts, styles and images, not documents: nosniff is all they need,
  // which saves about 1 KB of headers on each of a page's requests.
  app.use((req, res, next) => {
    if (!req.path.startsWith('/assets/')) return pageHeaders(req, res, next);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  app.use(hsts);
  app.use(rejectMalformedUrl);
  // tRPC answers are a few hundred bytes of JSON: not worth the compressor's per-request cost.
  // (originalUrl: the filter runs when the answer is written, after the /trpc mount has cut req.url.)
  app.use(
    compression({
      filter: (req, res) => !req.originalUrl.startsWith('/trpc/') && compression.filter(req, res),
    }),
  );
  // Providers' callbacks (issue #27.6) are signed server-to-server posts, not pages: before the origin rule, which is
  // for browsers.
  app.use(messagingWebhooksRouter(services, createWebhooks(env)));
  app.use(originCheck(env.PUBLIC_ORIGIN));

  // A read: in WAL mode it never waits for a writer, and the database layer gives the
  // connection back while a write waits for a lock, so this answers at once (issue #11.4).
  // On PostgreSQL it takes a pool connection of its own, so writes do not hold it up either.
  // docs/deploy.md lists the answers: 503 when the database is unreachable or full, or Redis unreachable; 200 with
  // `redis: 'restarted-empty'` for a while after Redis lost its data (every node sees the same Redis: taking them all
  // out would stop the site for counters that refill by themselves; lock-outs are in the database).
  app.get('/healthz', healthCheck(services, deps.version));

  const contextFor = async (req: express.Request, res: express.Response): Promise<RequestContext> => ({
    ...createInnerContext(services, {
      clientIp: req.ip ?? 'unknown',
      ...(await readRequestSession(services, req, res)),
    }),
    req,
    res,
  });
  const trpcOptions = {
    router: appRouter,
    // tRPC's own limit, equal to the batch guard's, so the two can never disagree on what runs.
    maxBatchSize: env.TRPC_MAX_BATCH,
    // jsonBodyGuard's limit again, should a body ever reach the adapter unread.
    maxBodySize: MAX_BODY_BYTES,
    createContext: ({ req, res }: { req: express.Request; res: express.Response }) => contextFor(req, res),
    onError: ({ error, path }: { error: TRPCError; path: string | undefined }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR')
        logger.error('trpc error', { path: path ?? null, err: error.cause ?? error });
    },
  };
  app.use(
    '/trpc',
    batchGuard({ maxCalls: env.TRPC_MAX_BATCH, unbatchable: mutationPaths(appRouter, 'auth.') }),
    jsonBodyGuard,
    // tRPC's stock adapter (ADR 0039): jsonBodyGuard has read the body onto req.body, which the adapter takes as is.
    createExpressMiddleware(trpcOptions),
  );

  app.use(staffExportRouter(services));
  app.use(staffAttachmentRouter(services));
  app.use(chatTranscriptRouter(services));
  app.use(logOutRouter(services));

  // Signed in: the page's header is drawn for the session from the first paint (issue #13).
  const authStateOf = async (req: express.Request) => {
    const token = readSessionCookie(req.headers.cookie, sessionCookieName(env));
    if (!token) return null;
    const session = await validateSessionToken(db, token, services.sessionEvents);
    return session ? authStateFor(session.user.role) : null;
  };
  // Forms sent without JavaScript (issue #15) go through the same procedures.
  const callerFor = async (req: express.Request, res: express.Response) =>
    appRouter.createCaller(await contextFor(req, res));
  const nativeForms = createNativeFormPosts({ logger, callerFor });
  app.use(myDataRouter(callerFor));
  // A signed-in /dashboard is drawn on the server with what the page's queries would fetch (issue #15).
  const portalFor = async (req: express.Request, res: express.Response) => {
    const caller = await callerFor(req, res);
    const me = await caller.auth.me();
    return me.user
      ? { me, requests: await caller.patient.requests(), messageConsents: await caller.patient.messageConsents() }
      : null;
  };
  if (deps.site)
    app.use(
      siteHandler(deps.site, logger, { authStateOf, nativeForms, portalFor, pageData: createPageData(callerFor) }),
    );

  app.use(errorHandlerFor(services));
  return app;
}

/**
 * `GET /healthz` for the load balancer: 200 when the database answers and (with REDIS_URL) Redis does; docs/deploy.md
 * lists the answers.
 */
function healthCheck(services: AppServices, version: string): express.RequestHandler {
  const { db, logger } = services;
  return async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    // With REDIS_URL, a node that cannot reach Redis answers 503 too: its chat and limits would no longer be shared,
    // and the load balancer should send people to a node that can. Asked at once, answered alongside the database.
    const redisCheck = services.redis?.state();
    let database: 'ok' | 'unreachable' | 'full';
    try {
      await healthQuery(db);
      // A full disk does not fail a read: the writes that failed for lack of space tell it (issue #24).
      database = services.databaseHealth.state();
    } catch (error) {
      logger.error('health check failed', { err: error });
      database = 'unreachable';
    }
    const redis = redisCheck ? { redis: await redisCheck } : {};
    const messages = database === 'unreachable' ? {} : { messages: await messageQueueHealth(db) };
    if (database === 'full') logger.error('health check failed: database full');
    if (redis.redis === 'unreachable') logger.error('health check failed: Redis unreachable');
    const healthy = database === 'ok' && redis.redis !== 'unreachable';
    if (!healthy) res.status(503).setHeader('Retry-After', '5');
    res.json({ status: healthy ? 'ok' : 'unavailable', version, database, ...redis, ...messages });
  };
}

/**
 * The text queue (issue #27.7): how many wait and the age of the oldest, in seconds. A provider outage keeps texts
 * queued, losing none: the age tells an operator, without taking the node out (the node itself is fine).
 */
async function messageQueueHealth(db: AppServices['db']) {
  const { queued, oldestCreatedAt } = await outboundMessages.queueState(db);
  const oldestSeconds = oldestCreatedAt
    ? Math.max(0, Math.round((Date.now() - Date.parse(oldestCreatedAt)) / 1000))
    : 0;
  return { queued, oldestSeconds };
}

/** The last handler: a database fault is a 503 with Retry-After, other errors a short plain-text answer. */
function errorHandlerFor(services: AppServices): ErrorRequestHandler {
  const { logger } = services;
  return (error: unknown, req, res, _next) => {
    const fault = databaseFaultOf(error);
    if (fault) {
      services.databaseHealth.noteFault(fault);
      logger.error('database unavailable', { path: req.path, kind: fault.kind, err: fault.cause ?? fault });
      res
        .status(503)
        .setHeader('Retry-After', String(fault.retryAfterSeconds))
        .type('text/plain')
        .send(SERVICE_BUSY_MESSAGE);
      return;
    }
    const reported = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
    const status = typeof reported === 'number' && reported < 500 ? reported : 500;
    if (status >= 500) logger.error('unhandled error', { path: req.path, err: error });
    res
      .status(status)
      .type('text/plain')
      .send(
        status === 404
          ? 'Not found'
          : status < 500
            ? 'Bad request'
            : 'Something went wrong on our side. Please try again.',
      );
  };
}
