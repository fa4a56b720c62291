import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../../server/trpc/router';

/**
 * A real tRPC client over HTTP with a cookie jar, so tests see what a browser sees:
 * Set-Cookie attributes, Cache-Control, Retry-After.
 */
export function createHttpClient(baseUrl: string, options: { headers?: Record<string, string> } = {}) {
  const jar = new Map<string, string>();
  let lastResponse: Response | undefined;
  let lastSetCookies: string[] = [];

  const fetchWithJar = async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    if (jar.size) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(input, { ...init, headers });
    lastResponse = response;
    lastSetCookies = response.headers.getSetCookie();
    for (const header of lastSetCookies) {
      const [pair] = header.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (!value || /max-age=0/i.test(header)) jar.delete(name!.trim());
      else jar.set(name!.trim(), value);
    }
    return response;
  };

  const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${baseUrl}/trpc`, fetch: fetchWithJar })] });
  return {
    client,
    jar,
    lastResponse: () => lastResponse!,
    lastSetCookies: () => lastSetCookies,
  };
}

export type TrpcErrorData = {
  code: string;
  httpStatus: number;
  fieldErrors: Record<string, string[]> | null;
  retryAfterSeconds: number | null;
};

/** Runs `call`, expects a tRPC error, and returns its message and data. */
export async function trpcError(call: Promise<unknown>): Promise<{ message: string; data: TrpcErrorData }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCClientError) return { message: error.message, data: error.data as TrpcErrorData };
    throw error;
  }
  throw new Error('Expected the call to fail, but it succeeded');
}
