import type { RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent from another site (CSRF defence beside
 * SameSite cookies): the Origin header, when present, must be this server's own
 * origin; without it, Sec-Fetch-Site must not say cross-site.
 */
export function originCheck(publicOrigin?: string): RequestHandler {
  const configuredOrigin = publicOrigin ? new URL(publicOrigin).origin : null;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const allowed = origin
      ? origin === configuredOrigin || origin === `${req.protocol}://${req.get('host')}`
      : req.get('sec-fetch-site') !== 'cross-site';
    if (allowed) return next();
    res.status(403).json({ error: { message: 'This request came from another site and was refused.', code: 'FORBIDDEN' } });
  };
}
