import type { RequestHandler } from 'express';
import { PAYLOAD_TOO_LARGE_MESSAGE, UNSUPPORTED_CONTENT_TYPE_MESSAGE } from '../../shared/form-messages';

/** Largest request body /trpc accepts (issue #4: bodies over 64 KB get 413). */
export const MAX_BODY_BYTES = 64 * 1024;

/** An error body shaped like tRPC's own, so the tRPC client reads the message. */
const errorBody = (message: string, code: string, httpStatus: number) => ({ error: { message, code: -32600, data: { code, httpStatus, fieldErrors: null, retryAfterSeconds: null } } });

/**
 * Guards tRPC mutations before any body is read: a body must be JSON (415 otherwise) and a
 * declared length of at most 64 KB (413). Bodies without a declared length are
 * cut off at the same limit by tRPC's own `maxBodySize`.
 */
export const jsonBodyGuard: RequestHandler = (req, res, next) => {
  if (req.method !== 'POST') return next();
  const declared = Number(req.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) {
    res.status(413).set('Connection', 'close').json(errorBody(PAYLOAD_TOO_LARGE_MESSAGE, 'PAYLOAD_TOO_LARGE', 413));
    return;
  }
  // A mutation without input (log out, say) sends no body at all; that is fine.
  const hasBody = declared > 0 || req.get('transfer-encoding') !== undefined;
  if (hasBody && !req.is('application/json')) {
    res.status(415).json(errorBody(UNSUPPORTED_CONTENT_TYPE_MESSAGE, 'UNSUPPORTED_MEDIA_TYPE', 415));
    return;
  }
  next();
};
