import {
  FAKE_CREDENTIAL_DEFAULTS,
  FAKE_PROVIDER_DEFAULT_APP_URL,
  FAKE_PROVIDER_DEFAULT_PORT,
  type FakeCredentials,
} from './fake-provider-settings';

export type FakeProviderOptions = {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1: the fake has no authentication of its own, so it stays on this machine unless asked. */
  host?: string;
  /** Where the app listens; receipts go to its /webhooks/… paths. Default http://127.0.0.1:3000. */
  appUrl?: string;
  /** Anything not given takes its local default (FAKE_CREDENTIAL_DEFAULTS). */
  credentials?: Partial<FakeCredentials>;
  /** Each accepted message gets a receipt after this long; null leaves it to the page or the handle. Default 1000. */
  autoDeliverMs?: number | null;
  /** Automatic receipts for numbers ending in these digits say 'failed'. Default '0000'; '' for none. */
  failSuffix?: string;
  /** The share (0 to 1) of the other automatic receipts that say 'failed'. Default 0. */
  failRate?: number;
  random?: () => number;
  now?: () => Date;
  /** Newest messages kept. Default 1,000. */
  maxMessages?: number;
  /** Largest request body read, in bytes; a larger one gets a 413. Default 64 KiB. */
  bodyLimit?: number;
  /** How long a post to the app may take before it counts as unanswered. Default 5 s. */
  callbackTimeoutMs?: number;
  /** One line per thing that happens, for a person watching; tests leave it out. */
  log?: (line: string) => void;
};

export type FakeProviderConfig = Required<Omit<FakeProviderOptions, 'credentials'>> & { credentials: FakeCredentials };

export function resolveFakeProviderConfig(options: FakeProviderOptions): FakeProviderConfig {
  const credentials: FakeCredentials = { ...FAKE_CREDENTIAL_DEFAULTS };
  for (const [name, value] of Object.entries(options.credentials ?? {}))
    if (value) credentials[name as keyof FakeCredentials] = value;
  return {
    port: options.port ?? FAKE_PROVIDER_DEFAULT_PORT,
    host: options.host ?? '127.0.0.1',
    appUrl: (options.appUrl ?? FAKE_PROVIDER_DEFAULT_APP_URL).replace(/\/+$/, ''),
    credentials,
    autoDeliverMs: options.autoDeliverMs === undefined ? 1000 : options.autoDeliverMs,
    failSuffix: options.failSuffix ?? '0000',
    failRate: options.failRate ?? 0,
    random: options.random ?? Math.random,
    now: options.now ?? (() => new Date()),
    maxMessages: options.maxMessages ?? 1000,
    bodyLimit: options.bodyLimit ?? 64 * 1024,
    callbackTimeoutMs: options.callbackTimeoutMs ?? 5000,
    log: options.log ?? (() => undefined),
  };
}
