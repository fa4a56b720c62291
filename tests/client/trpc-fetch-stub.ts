import { vi } from 'vitest';

/** One procedure call as the stubbed fetch saw it. */
export type SeenCall = { path: string; input: Record<string, unknown> };

/** A tRPC answer (httpLink, no transformer): `{ result: { data } }` or the server's formatted `{ error }`. */
export const trpcData = (data: unknown) => new Response(JSON.stringify({ result: { data } }), { status: 200, headers: { 'content-type': 'application/json' } });

export const trpcError = (httpStatus: number, code: string, message: string, extra: { fieldErrors?: Record<string, string[]>; retryAfterSeconds?: number } = {}) =>
  new Response(
    JSON.stringify({
      error: { message, code: -32000, data: { code, httpStatus, fieldErrors: extra.fieldErrors ?? null, retryAfterSeconds: extra.retryAfterSeconds ?? null } },
    }),
    { status: httpStatus, headers: { 'content-type': 'application/json' } },
  );

/**
 * Replaces fetch: each call is recorded and waits for the test to answer it
 * (`answer(response)`), so a test can look at the form while the call is pending.
 */
export function stubTrpcFetch() {
  const calls: SeenCall[] = [];
  const waiting: Array<(response: Response) => void> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string | URL, init?: RequestInit) => {
      const path = String(url).replace(/^.*\/trpc\//, '').replace(/\?.*$/, '');
      calls.push({ path, input: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {} });
      return new Promise<Response>((resolve) => waiting.push(resolve));
    }),
  );
  const answer = (response: Response) => {
    const next = waiting.shift();
    if (!next) throw new Error('no call is waiting for an answer');
    next(response);
  };
  return { calls, answer };
}
