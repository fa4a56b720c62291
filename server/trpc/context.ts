import type { Request, Response } from 'express';
import { createAuditLog, type AuditLog } from '../audit/audit-log';
import type { AppDatabase } from '../db/database';
import { createWriteBatcher, type WriteBatcher } from '../db/write-batcher';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { createFormRateLimiters, type FormRateLimiters } from './routers/form-rate-limiters';

/** The signed-in user as procedures see it (filled by the auth layer). */
export type ContextUser = { id: number; email: string; fullName: string; role: 'patient' | 'agent' | 'admin' };

export type AppServices = {
  db: AppDatabase;
  env: Env;
  logger: Logger;
  audit: AuditLog;
  /** Group commit for the app's batched writes (stored forms); one per app. */
  writes: WriteBatcher;
  formLimiters: FormRateLimiters;
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
export type ServiceDeps = Omit<AppServices, 'audit' | 'writes' | 'formLimiters'> & Partial<AppServices>;

/** The services createApp makes once per app; a test that leaves them out gets fresh ones. */
export const createAppServices = (services: ServiceDeps): AppServices => ({
  ...services,
  audit: services.audit ?? createAuditLog(services),
  writes: services.writes ?? createWriteBatcher(services.db),
  formLimiters: services.formLimiters ?? createFormRateLimiters(services.env),
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
