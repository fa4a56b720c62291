import type { RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const REFUSED_MESSAGE = 'This request came from another site and was refused.';
// Fixed text, nothing from the request: no escaping needed, and no script or style for the CSP to refuse.
const REFUSED_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Form not sent</title></head>
<body><main><h1>Form not sent</h1><p>${REFUSED_MESSAGE} Nothing was stored.</p>
<p>Please open the form on our website and send it again: <a href="/">go to the home page</a>.</p></main></body>
</html>`;

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
    // A plain HTML form post (a browser without JavaScript) is answered with a page a person can read, not JSON.
    if (req.is('application/x-www-form-urlencoded') && req.accepts(['json', 'html']) === 'html') {
      res.status(403).type('html').send(REFUSED_PAGE);
      return;
    }
    res.status(403).json({ error: { message: REFUSED_MESSAGE, code: 'FORBIDDEN' } });
  };
}
