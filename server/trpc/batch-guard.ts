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

/** 400 when the procedure path's percent-escapes are malformed (tRPC's own decoding would fail with a 500). */
export const MALFORMED_PATH_MESSAGE = 'This request’s address is not valid.';

/**
 * The procedure paths tRPC will run for this request path (the part after /trpc/). tRPC decodes the
 * path before splitting it on commas, so `auth.logIn%2Cauth.logIn` is two calls (issue #24.1); the
 * stock Express adapter also keeps only what follows the last `/`, so each call is named by its last
 * segment. Null when the path's escapes are malformed.
 */
export function batchedCalls(rawPath: string): string[] | null {
  let path: string;
  try {
    path = decodeURIComponent(rawPath.replace(/^\/+/, ''));
  } catch {
    return null;
  }
  return path.split(',').map((call) => call.slice(call.lastIndexOf('/') + 1));
}

/**
 * Bounds tRPC batches (issue #11: 599 log-ins in one POST /trpc/auth.logIn,…?batch=1 all went
 * through one request). Mount in front of the tRPC handler at /trpc; it reads only the URL, the
 * procedure list decoded as tRPC decodes it, so it does not depend on which tRPC HTTP adapter
 * follows. The handler is also given `maxBatchSize` (the same TRPC_MAX_BATCH), so tRPC itself
 * refuses any batch this guard would miss.
 */
export function batchGuard({ maxCalls, unbatchable }: Options): RequestHandler {
  return (req, res, next) => {
    const calls = batchedCalls(req.path);
    if (!calls) {
      res.status(400).json(errorBody(MALFORMED_PATH_MESSAGE));
      return;
    }
    if (calls.length === 1) return next();
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
