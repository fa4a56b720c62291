import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pino } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logger';

type RawRequest = IncomingMessage & { originalUrl?: string; id?: unknown };

const expectedRefusals = new WeakSet<ServerResponse>();

/**
 * Marks a 5xx the app gives on purpose under load (the full hashing queue's 503): its request line is logged at info,
 * because the refusals are counted on one warn line per second where they are made (issue #24), not one error each.
 */
export function markExpectedRefusal(res: ServerResponse | undefined) {
  if (res) expectedRefusals.add(res);
}

/**
 * One JSON line per request (pino-http): id, method, path without the query (it can carry a
 * token), status and time. No IPs, no headers, no bodies. 5xx answers log at error level, except the refusals
 * marked with markExpectedRefusal.
 */
export function requestLog(logger: Logger): RequestHandler {
  const handler = pinoHttp<IncomingMessage, ServerResponse, never>({
    logger: logger.pino ?? pino({ enabled: false }),
    quietReqLogger: true,
    wrapSerializers: false,
    serializers: {
      req: (req: RawRequest) => ({
        id: req.id,
        method: req.method,
        path: (req.originalUrl ?? req.url ?? '').split('?')[0],
      }),
      res: (res: ServerResponse) => ({ status: res.statusCode }),
    },
    customLogLevel: (_req, res, error) =>
      (error || res.statusCode >= 500) && !expectedRefusals.has(res) ? 'error' : 'info',
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request failed',
    // For a plain 5xx answer (a deliberate 503, say) pino-http makes up an Error whose stack only
    // points into pino-http; real errors are logged with their own stack where they are handled.
    customErrorObject: (_req, res, error, value: Record<string, unknown>) =>
      error.message === `failed with status code ${res.statusCode}` ? { ...value, err: undefined } : value,
    customAttributeKeys: { responseTime: 'ms' },
  });
  return (req, res, next) => handler(req, res, next);
}
