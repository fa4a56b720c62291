import type { Request, Response } from 'express';
import { createAuditLog, type AuditLog } from '../audit/audit-log';
import { createAuthLimits, type AuthLimits } from '../auth/auth-limits';
import { createPasswordHasher, type PasswordHasher } from '../auth/password-hasher';
import { createSessionEvents, type SessionEvents } from '../auth/session-events';
import type { AppDatabase } from '../db/database';
import { createWriteBatcher, type WriteBatcher } from '../db/write-batcher';
import type { Env } from '../env';
import { createInboxEvents, type InboxEvents } from '../staff/inbox-events';
import type { Logger } from '../logger';
import { createRefusalCountLog, type RefusalCountLog } from '../http/refusal-count-log';
import { createDatabaseHealth, type DatabaseHealth } from '../db/database-health';
import { createFormRateLimiters, type FormRateLimiters } from './routers/form-rate-limiters';

/** The signed-in user as procedures see it (filled by the auth layer). */
export type ContextUser = { id: number; email: string; fullName: string; role: 'patient' | 'agent' | 'admin' };

/**
 * Per-app services (issue #12: built in createApp, never module state): the account limits, the
 * bounded password-hashing queue and the session-change events the chat listens to.
 */
export type AppServices = {
  db: AppDatabase;
  env: Env;
  logger: Logger;
  audit: AuditLog;
  authLimits: AuthLimits;
  passwords: PasswordHasher;
  sessionEvents: SessionEvents;
  /** Group commit for the app's batched writes (stored forms); one per app. */
  writes: WriteBatcher;
  formLimiters: FormRateLimiters;
  /** Inbox changes for the staff sockets (issue #13). */
  inboxEvents: InboxEvents;
  /** Log-ins refused by the full hashing queue, logged as one count per second (issue #24). */
  hashingRefusals: RefusalCountLog;
  /** Faults the app's database calls met lately, for /healthz (a full disk is invisible to a read). */
  databaseHealth: DatabaseHealth;
};

/**
 * Inner context: everything a procedure needs that does not come from HTTP.
 * Tests build it directly and call procedures with `createCaller`.
 */
export type InnerContext = AppServices & {
  user: ContextUser | null;
  sessionId: string | null;
  clientIp: string;
};

/** Services a test may leave out are built from the ones it gives. */
export type ServiceDeps = Omit<
  AppServices,
  | 'audit'
  | 'authLimits'
  | 'passwords'
  | 'sessionEvents'
  | 'writes'
  | 'formLimiters'
  | 'inboxEvents'
  | 'hashingRefusals'
  | 'databaseHealth'
> &
  Partial<AppServices>;

/** Fills in the services a caller left out (tests); createApp passes them all, once per app. */
export const createAppServices = (services: ServiceDeps): AppServices => ({
  ...services,
  audit: services.audit ?? createAuditLog(services),
  authLimits: services.authLimits ?? createAuthLimits(),
  passwords: services.passwords ?? createPasswordHasher(),
  sessionEvents: services.sessionEvents ?? createSessionEvents(),
  writes: services.writes ?? createWriteBatcher(services.db),
  formLimiters: services.formLimiters ?? createFormRateLimiters(services.env),
  inboxEvents: services.inboxEvents ?? createInboxEvents(),
  hashingRefusals:
    services.hashingRefusals ?? createRefusalCountLog(services.logger, 'password hashing queue full: log-ins refused'),
  databaseHealth: services.databaseHealth ?? createDatabaseHealth(),
});

export const createInnerContext = (services: ServiceDeps, overrides: Partial<InnerContext> = {}): InnerContext => ({
  ...createAppServices(services),
  user: null,
  sessionId: null,
  clientIp: '127.0.0.1',
  ...overrides,
});

/** Per-request context: the inner context plus the Express request and response. */
export type RequestContext = InnerContext & { req?: Request; res?: Response };
