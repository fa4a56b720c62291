import type { RequestHandler } from 'express';
import { PAYLOAD_TOO_LARGE_MESSAGE, UNSUPPORTED_CONTENT_TYPE_MESSAGE } from '../../shared/form-messages';

/** Largest request body /trpc accepts (issue #4: bodies over 64 KB get 413). */
export const MAX_BODY_BYTES = 64 * 1024;

/** An error body shaped like tRPC's own, so the tRPC client reads the message. */
const errorBody = (message: string, code: string, httpStatus: number) => ({
  error: { message, code: -32600, data: { code, httpStatus, fieldErrors: null, retryAfterSeconds: null } },
});

/**
 * Guards tRPC mutations and reads their body: a body must be JSON (415 otherwise) and at
 * most 64 KB, declared or not (413). The body is left on `req.body` as a string, which tRPC's Express adapter
 * reads instead of the request stream.
 */
export const jsonBodyGuard: RequestHandler = (req, res, next) => {
  if (req.method !== 'POST') return next();
  const declared = Number(req.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) return refuseTooLarge(res);
  // A mutation without input (log out, say) sends no body at all; that is fine.
  const hasBody = declared > 0 || req.get('transfer-encoding') !== undefined;
  if (!hasBody) return next();
  if (!req.is('application/json')) {
    res.status(415).json(errorBody(UNSUPPORTED_CONTENT_TYPE_MESSAGE, 'UNSUPPORTED_MEDIA_TYPE', 415));
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
    req.off('data', onData).off('end', onEnd);
    refuseTooLarge(res);
  };
  const onEnd = () => {
    req.off('data', onData).off('end', onEnd);
    (req as { body?: unknown }).body = Buffer.concat(chunks, size).toString('utf8');
    next();
  };
  req.on('data', onData).on('end', onEnd).once('error', next);
};

function refuseTooLarge(res: Parameters<RequestHandler>[1]) {
  // Connection: close, so the rest of an oversized upload is not read.
  res
    .status(413)
    .set('Connection', 'close')
    .json(errorBody(PAYLOAD_TOO_LARGE_MESSAGE, 'PAYLOAD_TOO_LARGE', 413));
}
