import type { Request, Response } from 'express';
import type { ContextUser } from '../auth/session';
import type { AppServices } from '../services';

/**
 * Inner context: everything a procedure needs that does not come from HTTP: the app's services (built once by
 * createServices, server/services.ts) and who is asking. Tests build it directly and call procedures with
 * `createCaller`.
 */
export type InnerContext = AppServices & {
  user: ContextUser | null;
  sessionId: string | null;
  clientIp: string;
};

export const createInnerContext = (services: AppServices, overrides: Partial<InnerContext> = {}): InnerContext => ({
  ...services,
  user: null,
  sessionId: null,
  clientIp: '127.0.0.1',
  ...overrides,
});

/** Per-request context: the inner context plus the Express request and response. */
export type RequestContext = InnerContext & { req?: Request; res?: Response };
