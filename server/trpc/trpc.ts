/**
 * tRPC initialisation: the error shape clients see and the two procedure kinds.
 *
 * - Zod input errors come back as `data.fieldErrors` ({ field: [message] }) so forms
 *   can show each message by its field (BAD_REQUEST, HTTP 400).
 * - Only INTERNAL_SERVER_ERROR is logged; its message is replaced by a generic one
 *   so no stack or SQL detail reaches the browser.
 * - `publicProcedure` for anyone; `protectedProcedure` narrows `ctx.user` to non-null
 *   and refuses with UNAUTHORIZED.
 */
import { TRPCError, initTRPC } from '@trpc/server';
import { ZodError } from 'zod';
import { LOG_IN_REQUIRED_MESSAGE } from '../../shared/messages/auth-messages';
import { ADMIN_ONLY_MESSAGE, STAFF_ONLY_MESSAGE } from '../../shared/messages/staff-messages';
import { SERVICE_BUSY_MESSAGE } from '../../shared/messages/service-messages';
import { databaseFaultOf } from '../db/database-fault';
import type { RequestContext } from './context';

export type FieldErrors = Record<string, string[]>;

function zodFieldErrors(error: ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_form';
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}

const t = initTRPC.context<RequestContext>().create({
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? error.cause : null;
    const isInternal = error.code === 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      message: isInternal ? 'Something went wrong on our side. Please try again.' : shape.message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        fieldErrors: zodError ? zodFieldErrors(zodError) : null,
        retryAfterSeconds: (error.cause as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ?? null,
      },
    };
  },
});

/**
 * A database that stays busy past the retries, or a full disk, is answered 503 with
 * Retry-After and a message the form shows (issue #11.4), not a raw 500; the real cause
 * is logged with its stack. Every procedure goes through this, auth and forms alike.
 */
const databaseFaults = t.middleware(async ({ ctx, path, next }) => {
  const result = await next();
  if (result.ok) return result;
  const fault = databaseFaultOf(result.error.cause);
  if (!fault) return result;
  ctx.databaseHealth.noteFault(fault);
  ctx.logger.error('database unavailable', { path, kind: fault.kind, err: fault.cause ?? fault });
  ctx.res?.setHeader('Retry-After', String(fault.retryAfterSeconds));
  throw new TRPCError({
    code: 'SERVICE_UNAVAILABLE',
    message: SERVICE_BUSY_MESSAGE,
    cause: { retryAfterSeconds: fault.retryAfterSeconds },
  });
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(databaseFaults);
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: LOG_IN_REQUIRED_MESSAGE });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

const isStaffRole = (role: string) => role === 'agent' || role === 'admin';

/**
 * Staff (agent or admin) only (issue #13): anonymous callers get UNAUTHORIZED, patients FORBIDDEN; a refusal of a
 * signed-in patient goes to the audit log.
 */
export const staffProcedure = protectedProcedure.use(async ({ ctx, path, next }) => {
  if (!isStaffRole(ctx.user.role)) {
    await ctx.audit.record({ type: 'staff.access_refused', actorUserId: ctx.user.id, ip: ctx.clientIp, subject: path });
    throw new TRPCError({ code: 'FORBIDDEN', message: STAFF_ONLY_MESSAGE });
  }
  return next();
});

/** Admins only: the team and the audit log. */
export const adminProcedure = staffProcedure.use(async ({ ctx, path, next }) => {
  if (ctx.user.role !== 'admin') {
    await ctx.audit.record({ type: 'staff.access_refused', actorUserId: ctx.user.id, ip: ctx.clientIp, subject: path });
    throw new TRPCError({ code: 'FORBIDDEN', message: ADMIN_ONLY_MESSAGE });
  }
  return next();
});
