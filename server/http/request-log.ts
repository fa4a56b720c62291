import type { RequestHandler } from 'express';
import type { Logger } from '../logger';

/** One structured line per request: method, path without the query, status, time. No IPs, no bodies. */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      logger.info('request', {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      });
    });
    next();
  };
}
