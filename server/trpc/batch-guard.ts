import type { RequestHandler } from 'express';
import { AUTH_NOT_BATCHABLE_MESSAGE, batchTooLargeMessage } from '../../shared/messages/auth-messages';

/** An error body shaped like tRPC's own, so a tRPC client reads the message. */
const errorBody = (message: string) => ({
  error: {
    message,
    code: -32600,
    data: { code: 'BAD_REQUEST', httpStatus: 400, fieldErrors: null, retryAfterSeconds: null },
  },
});

type Options = {
  /** Most calls one batched request may carry (TRPC_MAX_BATCH). */
  maxCalls: number;
  /** Procedure paths that must travel alone (account mutations: each one is rate limited per call). */
  unbatchable: ReadonlySet<string>;
};

/**
 * Bounds tRPC batches (issue #11: 599 log-ins in one POST /trpc/auth.logIn,…?batch=1 all went
 * through one request). Mount in front of the tRPC handler at /trpc; it reads only the URL, the
 * comma-separated procedure list, so it does not depend on which tRPC HTTP adapter follows.
 */
export function batchGuard({ maxCalls, unbatchable }: Options): RequestHandler {
  return (req, res, next) => {
    const path = req.path.replace(/^\/+/, '');
    if (!path.includes(',')) return next();
    const calls = path.split(',');
    if (calls.length > maxCalls) {
      res.status(400).json(errorBody(batchTooLargeMessage(maxCalls)));
      return;
    }
    if (calls.some((call) => unbatchable.has(call))) {
      res.status(400).json(errorBody(AUTH_NOT_BATCHABLE_MESSAGE));
      return;
    }
    next();
  };
}

/** The mutation paths under `prefix` in a tRPC router's definition (e.g. every `auth.` mutation). */
export function mutationPaths(router: { _def: { procedures: object } }, prefix: string): Set<string> {
  const paths = new Set<string>();
  for (const [path, procedure] of Object.entries(
    router._def.procedures as Record<string, { _def?: { type?: string } }>,
  )) {
    if (path.startsWith(prefix) && procedure._def?.type === 'mutation') paths.add(path);
  }
  return paths;
}
