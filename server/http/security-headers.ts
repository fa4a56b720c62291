import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Strict headers for every response. The CSP allows no inline script and no
 * third-party origin; inline styles only by hash (pages inline the built CSS); the office map frame is the one exception and is only
 * loaded when a visitor asks for it.
 */
export function securityHeaders({ https, styleHashes = [] }: { https: boolean; styleHashes?: string[] }): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
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
  });
}

export const hsts: RequestHandler = (req, res, next) => {
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  next();
};
