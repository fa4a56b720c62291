import type { RequestHandler } from 'express';
import type { Logger } from '../logger';

/** One structured line per request: method, path without the query, status, time. No IPs, no bodies. */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.on('finish', () => {
      logger.info('request', {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 1000) / 1000,
      });
    });
    next();
  };
}
