import type { RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one rule for "sent by this site" (HTTP requests and the chat's Socket.IO handshake): the
 * Origin header, when present, must be the configured public origin or this server's own
 * (scheme as seen by the server, Host header); without it, Sec-Fetch-Site must not say cross-site.
 */
export function originAllowed(request: {
  origin: string | undefined;
  secFetchSite: string | undefined;
  protocol: string;
  host: string | undefined;
  configuredOrigin: string | null;
}): boolean {
  const { origin } = request;
  if (!origin) return request.secFetchSite !== 'cross-site';
  return origin === request.configuredOrigin || origin === `${request.protocol}://${request.host}`;
}

/**
 * Refuses state-changing requests sent from another site (CSRF defence beside
 * SameSite cookies), by originAllowed.
 */
export function originCheck(publicOrigin?: string): RequestHandler {
  const configuredOrigin = publicOrigin ? new URL(publicOrigin).origin : null;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const allowed = originAllowed({
      origin: req.get('origin'),
      secFetchSite: req.get('sec-fetch-site'),
      protocol: req.protocol,
      host: req.get('host'),
      configuredOrigin,
    });
    if (allowed) return next();
    res
      .status(403)
      .json({ error: { message: 'This request came from another site and was refused.', code: 'FORBIDDEN' } });
  };
}
