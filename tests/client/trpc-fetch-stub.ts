import { vi } from 'vitest';

/** One procedure call as the stubbed fetch saw it. */
export type SeenCall = { path: string; input: Record<string, unknown> };

/** A tRPC answer (httpLink, no transformer): `{ result: { data } }` or the server's formatted `{ error }`. */
const JSON_HEADERS = { 'content-type': 'application/json' };

export const trpcData = (data: unknown) =>
  new Response(JSON.stringify({ result: { data } }), { status: 200, headers: JSON_HEADERS });

type ErrorExtra = { fieldErrors?: Record<string, string[]> | null; retryAfterSeconds?: number | null };

export function trpcError(httpStatus: number, code: string, message: string, extra: ErrorExtra = {}): Response {
  const { fieldErrors = null, retryAfterSeconds = null } = extra;
  const error = { message, code: -32000, data: { code, httpStatus, fieldErrors, retryAfterSeconds } };
  return new Response(JSON.stringify({ error }), { status: httpStatus, headers: JSON_HEADERS });
}

/** The procedure path of a tRPC request's URL (`…/trpc/staff.me?input=…` → `staff.me`). */
export const procedurePath = (url: string | URL) =>
  String(url)
    .replace(/^.*\/trpc\//, '')
    .replace(/\?.*$/, '');

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
      const path = procedurePath(url);
      const body = typeof init?.body === 'string' ? init.body : '{}';
      calls.push({ path, input: JSON.parse(body) as Record<string, unknown> });
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
