/**
 * The composition root of the server's services (issue #26.2): each is built here once per app, and server/index.ts
 * hands the result to createApp and attachChat. Before, four places built their own, which gave an app two write
 * batchers, three audit logs and a mail wake-up shared by every app in the process.
 */
import { createAuditLog, type AuditLog } from './audit/audit-log';
import { createBookingService, type BookingService } from './booking/booking-service';
import { createAuthLimits, type AuthLimits } from './auth/auth-limits';
import { createPasswordHasher, hashConcurrencyFor, type PasswordHasher } from './auth/password-hasher';
import { createSessionEvents, type SessionEvents } from './auth/session-events';
import { writeLanesFor } from './db/app-database';
import type { AppDatabase } from './db/database';
import { createDatabaseHealth, type DatabaseHealth } from './db/database-health';
import { createWriteBatcher, type WriteBatcher } from './db/write-batcher';
import type { Env } from './env';
import { createFormRateLimiters, type FormRateLimiters } from './forms/form-rate-limiters';
import { memoryRateLimiters, redisRateLimiters, type RateLimiterFactory } from './http/rate-limiter';
import { createRefusalCountLog, type RefusalCountLog } from './http/refusal-count-log';
import type { Logger } from './logger';
import { createMailQueue, type MailQueue } from './mail/mail-queue';
import { createMessaging, type Messaging } from './messaging/messaging-service';
import { createDeskInbox, type DeskInbox } from './messaging/desk-inbox';
import type { RedisClients } from './redis/redis-clients';
import { createInboxEvents, type InboxEvents } from './staff/inbox-events';

export type AppServices = {
  db: AppDatabase;
  env: Env;
  logger: Logger;
  /**
   * With REDIS_URL (issue #16): the node's Redis connections, which keep the rate limits shared by every node and
   * which /healthz checks. Omitted, limits are kept in this process's memory.
   */
  redis: RedisClients | undefined;
  /** Where every rate limit of this app is counted: Redis with REDIS_URL, else this process's memory. */
  limiters: RateLimiterFactory;
  audit: AuditLog;
  authLimits: AuthLimits;
  /** The bounded argon2 queue. */
  passwords: PasswordHasher;
  /** Session invalidations: a logout over HTTP disconnects that session's sockets in attachChat. */
  sessionEvents: SessionEvents;
  /** Group commit for the app's batched writes: the stored forms and the chat's messages share one. */
  writes: WriteBatcher;
  formLimiters: FormRateLimiters;
  /** Inbox changes for the staff sockets (issue #13). */
  inboxEvents: InboxEvents;
  /** The mail_outbox queue and its wake-up for this app's mail worker. */
  mail: MailQueue;
  /** Texts to patients' phones (issue #27): planned by consent and fallback order, queued in outbound_messages. */
  messaging: Messaging;
  /** WhatsApp messages and desk receipts from the webhook to the chat desk (issue #30). */
  deskInbox: DeskInbox;
  /** Appointment booking (issue #28): its writer, closed days, video rooms and links. */
  booking: BookingService;
  /** Log-ins refused by the full hashing queue, logged as one count per second (issue #24). */
  hashingRefusals: RefusalCountLog;
  /** Faults the app's database calls met lately, for /healthz (a full disk is invisible to a read). */
  databaseHealth: DatabaseHealth;
};

/** What a test may put in place of a built service (a counting password queue, a shared event channel). */
export type ServiceOverrides = Partial<Omit<AppServices, 'db' | 'env' | 'logger' | 'redis'>>;

export function createServices(
  env: Env,
  db: AppDatabase,
  logger: Logger,
  redis?: RedisClients,
  overrides: ServiceOverrides = {},
): AppServices {
  const limiters =
    overrides.limiters ?? (redis ? redisRateLimiters(redis.commands, redis.prefix, logger) : memoryRateLimiters);
  const writes = overrides.writes ?? createWriteBatcher(db, { lanes: writeLanesFor(db, env.DATABASE_WRITE_LANES) });
  return {
    db,
    env,
    logger,
    redis,
    limiters,
    audit: overrides.audit ?? createAuditLog({ db, logger }),
    authLimits: overrides.authLimits ?? createAuthLimits(limiters),
    passwords: overrides.passwords ?? createPasswordHasher({ concurrency: hashConcurrencyFor(env.UV_THREADPOOL_SIZE) }),
    sessionEvents: overrides.sessionEvents ?? createSessionEvents(),
    writes,
    formLimiters: overrides.formLimiters ?? createFormRateLimiters(env, limiters),
    inboxEvents: overrides.inboxEvents ?? createInboxEvents(),
    mail: overrides.mail ?? createMailQueue(db),
    messaging: overrides.messaging ?? createMessaging({ env }),
    deskInbox: overrides.deskInbox ?? createDeskInbox(),
    booking: overrides.booking ?? createBookingService({ env, db, writes }),
    hashingRefusals:
      overrides.hashingRefusals ?? createRefusalCountLog(logger, 'password hashing queue full: log-ins refused'),
    databaseHealth: overrides.databaseHealth ?? createDatabaseHealth(),
  };
}
