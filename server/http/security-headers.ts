import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Strict headers for every response. The CSP allows no third-party origin and inline
 * code only by hash: the pages' boot script and their inlined built CSS. The office map
 * frame is the one outside source, and is only loaded when a visitor asks for it.
 */
export function securityHeaders({
  https,
  styleHashes = [],
  scriptHashes = [],
}: {
  https: boolean;
  styleHashes?: string[];
  scriptHashes?: string[];
}): RequestHandler {
  const headers = headersSetBy(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", ...scriptHashes],
          'style-src': ["'self'", ...styleHashes],
          'img-src': ["'self'", 'data:'],
          'font-src': ["'self'"],
          'connect-src': ["'self'"],
          'frame-src': ['https://www.openstreetmap.org'],
          'frame-ancestors': ["'none'"],
          'form-action': ["'self'"],
          'base-uri': ["'none'"],
          'object-src': ["'none'"],
          'manifest-src': ["'self'"],
          ...(https ? { 'upgrade-insecure-requests': [] } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // HSTS only means something over HTTPS; see the conditional middleware in app.ts.
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
    }),
  );
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * The headers a middleware sets, recorded once. Helmet runs a dozen middlewares per
 * response to set the same static values; with nothing per-request in our policy (no
 * nonces), setting the recorded list is the same answer for a fraction of the work.
 */
function headersSetBy(middleware: RequestHandler): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  let failure: unknown = null;
  middleware(
    {} as Parameters<RequestHandler>[0],
    recorder as unknown as Parameters<RequestHandler>[1],
    (error?: unknown) => (failure = error ?? null),
  );
  if (failure) throw new Error('a security-header middleware failed', { cause: failure });
  return headers;
}

export const hsts: RequestHandler = (req, res, next) => {
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  next();
};
