import type { Env } from '../env';

export type CookieNameEnv = Pick<Env, 'NODE_ENV' | 'PUBLIC_ORIGIN'>;

/**
 * `__Host-<base>` in production over HTTPS (the browser then insists on Secure, Path=/ and no
 * Domain, so a sibling sub-domain cannot plant the cookie); plain `<base>` otherwise, because
 * a production server reached over plain HTTP (the embedded default) cannot set Secure cookies.
 * NODE_ENV defaults to production, as in server/env.ts.
 */
export function hostCookieName(base: string, env: Partial<CookieNameEnv>): string {
  const https = env.PUBLIC_ORIGIN?.startsWith('https:') ?? false;
  return (env.NODE_ENV ?? 'production') === 'production' && https ? `__Host-${base}` : base;
}
