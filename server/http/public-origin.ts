import type { Env } from '../env';

/** The site's origin for links in e-mails: PUBLIC_ORIGIN, else this machine's own port. */
export const publicOrigin = (env: Pick<Env, 'PUBLIC_ORIGIN' | 'PORT'>) =>
  env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : `http://localhost:${env.PORT}`;
