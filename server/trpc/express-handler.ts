import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import type { AnyTRPCRouter, inferRouterContext } from '@trpc/server';
import { resolveResponse, type HTTPErrorHandler } from '@trpc/server/http';

type HandlerOptions<TRouter extends AnyTRPCRouter> = {
  router: TRouter;
  createContext: (opts: { req: ExpressRequest; res: ExpressResponse }) => Promise<inferRouterContext<TRouter>>;
  onError?: HTTPErrorHandler<TRouter, Request>;
  /** Most calls tRPC runs from one batched request (TRPC_MAX_BATCH, as the batch guard in front). */
  maxBatchSize?: number;
};

/**
 * The part of a Fetch `Request` that tRPC's `resolveResponse` reads for a JSON call over
 * `httpLink`: method, url, headers, signal and the body as JSON. jsonBodyGuard has already
 * read the body (and refused every other content type, so tRPC's form-data and octet
 * paths, which would need more, are never reached). Building a real undici Request, with
 * its body stream and signal plumbing, cost about a third of the server's time per form
 * submission (docs/decisions/0009-trpc-express-handler.md).
 */
export class JsonCallRequest {
  readonly headers: Headers;
  readonly signal: AbortSignal;
  constructor(
    readonly method: string,
    readonly url: string,
    rawHeaders: string[],
    private readonly body: string,
    signal: AbortSignal,
  ) {
    const headers = new Headers();
    for (let index = 0; index < rawHeaders.length; index += 2)
      headers.append(rawHeaders[index]!, rawHeaders[index + 1]!);
    this.headers = headers;
    this.signal = signal;
  }
  text() {
    return Promise.resolve(this.body);
  }
  json() {
    // Inside the executor, a parse error becomes a rejection, as with fetch's Request.
    return new Promise<unknown>((resolve) => resolve(JSON.parse(this.body)));
  }
}

/**
 * Serves the tRPC router from Express through tRPC's public `resolveResponse` (instead of
 * `@trpc/server/adapters/express`, which also pumps the body and the answer through web
 * streams). Our answers are small JSON, so each is written in one `end()`. Mount it at the
 * tRPC prefix: the procedure path is the rest of the URL path.
 */
export function trpcExpressHandler<TRouter extends AnyTRPCRouter>(opts: HandlerOptions<TRouter>): RequestHandler {
  return (req, res, next) => {
    // Aborted when the visitor goes away before the answer is written, as in the stock adapter.
    const abort = new AbortController();
    res.once('close', () => res.writableFinished || abort.abort());
    const body = typeof req.body === 'string' && req.method !== 'GET' && req.method !== 'HEAD' ? req.body : '';
    const request = new JsonCallRequest(
      req.method,
      `http://internal${req.originalUrl}`,
      req.rawHeaders,
      body,
      abort.signal,
    );
    resolveResponse({
      router: opts.router,
      req: request as unknown as Request,
      path: req.path.slice(1),
      error: null,
      createContext: () => opts.createContext({ req, res }),
      onError: opts.onError,
      maxBatchSize: opts.maxBatchSize,
    })
      .then(async (response) => {
        res.statusCode = response.status;
        for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
        // Cookies set by procedures on `res` stay; any from tRPC are added to them.
        const cookies = response.headers.getSetCookie();
        if (cookies.length) res.appendHeader('Set-Cookie', cookies);
        res.end(await response.text());
      })
      .catch(next);
  };
}
