import { z } from 'zod';
import { REQUEST_RETENTION_MONTHS } from '../shared/constants';
import { DEFAULT_SUPPORT_HOURS, parseHolidayDates, parseSupportHours } from '../shared/support-hours';
import { parseFallbackOrder, parseMessagingDrivers } from './messaging/messaging-settings';
import { DEFAULT_QUIET_HOURS, parseQuietHours } from './messaging/quiet-hours';

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
/** Read with `parse`: its result is the value, its Error's message the issue (which loadEnv prefixes with the name). */
const parsedWith = <T>(parse: (value: string) => T) =>
  z.string().transform((value, context) => {
    try {
      return parse(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
      return z.NEVER;
    }
  });

/**
 * Every setting the server reads from the environment, checked once at start-up.
 * Add new variables here and to the README's table.
 */
const settingsSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where the build is written and read (relative to the working folder); lets tests build in parallel. */
  DIST_DIR: z.string().min(1).default('./dist'),
  /** Public origin (scheme://host[:port]) when behind a proxy; used for links in e-mails and Origin checks. */
  PUBLIC_ORIGIN: z.url().optional(),
  /** Express "trust proxy" hop count: set to 1 behind one reverse proxy so req.ip and req.secure are right. */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  LOG_LEVEL: z.enum(['silent', 'error', 'warn', 'info']).default('info'),
  /**
   * Months after a request is closed before it is anonymised. Only shorter than the privacy notice's figure
   * (REQUEST_RETENTION_MONTHS): a longer period would break what the notice promises.
   */
  REQUEST_RETENTION_MONTHS: positiveInt
    .max(REQUEST_RETENTION_MONTHS, {
      error: `must be at most ${REQUEST_RETENTION_MONTHS}, the period the privacy notice promises`,
    })
    .default(REQUEST_RETENTION_MONTHS),
  /**
   * Working hours within which a New request should be answered (issue #29.6); past it the inbox shows it amber, past
   * twice it red. Working hours: shared/response-target.ts.
   */
  REQUEST_RESPONSE_TARGET_HOURS: z.coerce.number().positive().max(200).default(4),
  /** Submissions allowed per IP per minute on each public form. */
  RATE_LIMIT_FORMS_PER_MINUTE: positiveInt.default(10),
  /** smtp://user:pass@host:587 or smtps://…:465. Unset: e-mails are written to DATA_DIR/outbox as .eml files. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /**
   * Sender of account e-mails, e.g. "Ilera Health <no-reply@example.com>"; default: no-reply at the brand's mail
   * domain.
   */
  MAIL_FROM: z.string().min(3).optional(),
  /**
   * Secret (32+ characters) that signs the chat visitor cookie. Unset: one is generated once and kept in DATA_DIR/chat-
   * cookie-secret.
   */
  CHAT_COOKIE_SECRET: z.string().min(32).optional(),
  /** Open chat connections allowed from one IP address (visitor widget). */
  CHAT_MAX_CONNECTIONS_PER_IP: positiveInt.default(20),
  /** Chat messages one visitor may send per minute. */
  CHAT_MESSAGES_PER_MINUTE: positiveInt.default(10),
  /**
   * Provider callbacks (/webhooks/*) accepted per minute from one address. Meta posts WhatsApp messages from few
   * addresses: 1200 is 20 a second each (issue #30; `npm run bench:whatsapp` measures a node well above that).
   */
  WEBHOOK_REQUESTS_PER_MINUTE: positiveInt.default(1200),
  /** Chat Support office hours in Lagos time, e.g. "Mon-Fri 08:00-18:00, Sat 09:00-13:00" (shared/support-hours.ts). */
  SUPPORT_HOURS: parsedWith((value) => {
    parseSupportHours(value);
    return value;
  }).default(DEFAULT_SUPPORT_HOURS),
  /** Extra closing days besides Nigeria's public holidays: comma-separated YYYY-MM-DD dates, read into a list. */
  SUPPORT_HOLIDAYS: parsedWith(parseHolidayDates).default(() => []),
  /** libuv's thread-pool size; Node reads it itself at start, the app reads it to size the password-hashing queue. */
  UV_THREADPOOL_SIZE: z.coerce.number().int().min(1).max(1024).default(4),
  /** Most calls one batched tRPC request may carry (larger batches get 400). */
  TRPC_MAX_BATCH: positiveInt.default(10),
  /** postgres://user:pass@host:5432/db selects PostgreSQL (several app nodes). Unset: SQLite in DATA_DIR/app.db. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Connections each node keeps in its PostgreSQL pool. */
  DATABASE_POOL_SIZE: positiveInt.max(200).default(10),
  /**
   * PostgreSQL: write transactions each node runs at once (the write batcher's lanes, ADR 0053); fewer than the pool's
   * connections, which reads need too. SQLite has one writer and ignores it.
   */
  DATABASE_WRITE_LANES: positiveInt.max(64).default(4),
  /** redis://host:6379 shares chat delivery, presence, staff events and rate limits between app nodes. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** The PostgreSQL server for tests and `npm run bench:cluster` (each makes its own schema or database there). */
  TEST_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default('postgres://postgres@127.0.0.1:5432/test'),
  /** The Redis server for tests and `npm run bench:cluster` (each uses its own key prefix there). */
  TEST_REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  /** Begins every Redis key and channel: two deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, { error: 'letters, digits and : _ . - only, at most 64' })
    .default('ilera:'),
  /**
   * Who carries each channel (issue #27): a comma-separated list of sink, termii, africastalking and whatsapp, at most
   * one per channel (termii and africastalking carry SMS, whatsapp carries WhatsApp). A channel no driver carries goes
   * to the sink: stored in outbound_messages and shown on the staff Messages page, sent nowhere.
   */
  MESSAGING_DRIVER: parsedWith(parseMessagingDrivers).default(() => parseMessagingDrivers('sink')),
  /** The order of channels tried for a patient, among those they agreed to; e-mail needs no consent. */
  MESSAGING_FALLBACK: parsedWith(parseFallbackOrder).default(() => parseFallbackOrder('whatsapp,sms,email')),
  /** When non-urgent texts wait, in Lagos time ('20:00-08:00'), or 'off'. */
  MESSAGING_QUIET_HOURS: parsedWith(parseQuietHours).default(() => parseQuietHours(DEFAULT_QUIET_HOURS)),
  /** A WhatsApp message with no delivery receipt after this many minutes goes by the next channel. */
  MESSAGING_FALLBACK_MINUTES: positiveInt.max(24 * 60).default(30),
  /** Termii (https://developers.termii.com): the account's API key, its registered sender ID and its base URL. */
  TERMII_API_KEY: z.string().min(1).optional(),
  TERMII_SENDER_ID: z.string().min(1).max(11).optional(),
  TERMII_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://v3.api.termii.com'),
  /** The secret key Termii signs its delivery webhooks with (X-Termii-Signature). */
  TERMII_SECRET_KEY: z.string().min(1).optional(),
  /** Africa's Talking (https://developers.africastalking.com): username, API key, sender ID and base URL. */
  AT_USERNAME: z.string().min(1).optional(),
  AT_API_KEY: z.string().min(1).optional(),
  AT_SENDER_ID: z.string().min(1).max(11).optional(),
  AT_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.africastalking.com'),
  /** Africa's Talking does not sign callbacks: their URL carries this token (?token=…), 24+ characters. */
  AT_WEBHOOK_TOKEN: z.string().min(24).optional(),
  /** WhatsApp Cloud API (Meta): a system-user access token, the sender's phone-number ID, and the Graph API URL. */
  WHATSAPP_ACCESS_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,20}$/, { error: 'digits only' })
    .optional(),
  WHATSAPP_GRAPH_URL: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com/v21.0'),
  /** The app secret that signs Meta's webhooks (X-Hub-Signature-256), and the token its verification GET echoes. */
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  /** `npm run messages:fake` only: the fake provider's port, and the app it posts receipts to. */
  FAKE_PROVIDER_PORT: port.default(4010),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * A virtual consultation's video room (issue #28.1): an https URL with `{room}`, which becomes a random, unguessable
   * room name per appointment.
   */
  VIDEO_LINK_TEMPLATE: z
    .url({ protocol: /^https$/, error: 'VIDEO_LINK_TEMPLATE must be an https URL containing {room}.' })
    .refine((value) => value.includes('{room}') || value.includes('%7Broom%7D'), {
      error: 'VIDEO_LINK_TEMPLATE must be an https URL containing {room}.',
    })
    .default('https://meet.jit.si/{room}'),
});

/** Each driver named in MESSAGING_DRIVER needs these settings. */
const driverSettings = {
  sink: [],
  termii: ['TERMII_API_KEY', 'TERMII_SENDER_ID', 'TERMII_SECRET_KEY'],
  africastalking: ['AT_USERNAME', 'AT_API_KEY', 'AT_WEBHOOK_TOKEN'],
  whatsapp: ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'],
} as const;

export const envSchema = settingsSchema.superRefine((env, context) => {
  for (const driver of env.MESSAGING_DRIVER) {
    for (const name of driverSettings[driver]) {
      if (!env[name])
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `must be set when MESSAGING_DRIVER names ${driver}`,
        });
    }
  }
  // Each lane holds a connection for its transaction: with as many lanes as connections, reads would wait for writes.
  if (env.DATABASE_URL && env.DATABASE_WRITE_LANES >= env.DATABASE_POOL_SIZE) {
    context.addIssue({
      code: 'custom',
      path: ['DATABASE_WRITE_LANES'],
      message: `must be less than DATABASE_POOL_SIZE (${env.DATABASE_POOL_SIZE}): reads need connections too`,
    });
  }
  // A secret generated per node would sign visitor cookies the other nodes reject, splitting visitors.
  if (env.REDIS_URL && !env.CHAT_COOKIE_SECRET) {
    context.addIssue({
      code: 'custom',
      path: ['CHAT_COOKIE_SECRET'],
      message: 'must be set when REDIS_URL is set: every node must sign chat cookies with the same secret',
    });
  }
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; a bad value stops start-up with a message naming the variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid environment configuration:\n  ${problems.join('\n  ')}`);
}

/** One setting, checked, without requiring the rest to be valid: for tools and modules read before start-up. */
export function envSetting<K extends keyof Env>(
  name: K,
  source: Record<string, string | undefined> = process.env,
): Env[K] {
  const result = settingsSchema.shape[name].safeParse(source[name]);
  if (result.success) return result.data as Env[K];
  throw new ConfigError(
    `Invalid environment configuration:\n  ${name}: ${result.error.issues[0]?.message ?? 'invalid'}`,
  );
}
