/**
 * Plain HTML posts of the stored forms (issue #15): a form sent before its script arrived, or with JavaScript off,
 * posts to its own page. It goes through the same tRPC procedure as the enhanced form (same zod schema, rate limit,
 * honeypot), then Post/Redirect/Get: stored → 303 to the page with `?form=…&sent=REF`, which shows the success
 * message and reference; refused → the page again with the error summary, each field's message and the values.
 *
 * Fill time cannot be measured without a script, so native posts rely on the honeypot and the rate limits (ADR 0023).
 */
import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import { MIN_FILL_MS } from '../../shared/form-messages';
import {
  FORM_NAME_FIELD,
  SENT_QUERY,
  isStoredFormName,
  storedForms,
  LOG_IN_FORM,
  type StoredFormName,
} from '../../shared/forms/stored-forms';
import { safeNextPath } from '../../shared/safe-next-path';
import { logInSchema } from '../../shared/schemas/auth';
import type { FormSubmission } from '../../shared/render-result';
import { IDEMPOTENCY_KEY_PATTERN } from '../../shared/schemas/field-rules';
import type { Logger } from '../logger';

export type NativePostOutcome =
  | { kind: 'not-a-form' }
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; status: number; submission: FormSubmission };

export type NativeFormPosts = (req: Request, res: Response) => Promise<NativePostOutcome>;

const statusFor: Partial<Record<TRPCError['code'], number>> = {
  TOO_MANY_REQUESTS: 429,
  CONFLICT: 409,
  SERVICE_UNAVAILABLE: 503,
  PRECONDITION_FAILED: 412,
  BAD_REQUEST: 400,
};

/** The first message for each field; messages about the whole form go in `message`. */
function fieldErrorsOf(error: z.ZodError) {
  const fieldErrors: Record<string, string> = {};
  let message: string | null = null;
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field === undefined) message ??= issue.message;
    else fieldErrors[String(field)] ??= issue.message;
  }
  return { fieldErrors, message };
}

/** Calls a form's tRPC procedure for this request (server/app.ts owns the router and the request context). */
export type SendStoredForm = (
  req: Request,
  res: Response,
  procedure: (typeof storedForms)[StoredFormName]['procedure'],
  input: unknown,
) => Promise<{ reference: string }>;

/** Logs in through the auth procedure for this request (it sets the session cookie on `res`). */
export type LogIn = (req: Request, res: Response, input: { email: string; password: string }) => Promise<void>;

export function createNativeFormPosts(deps: { send: SendStoredForm; logIn: LogIn; logger: Logger }): NativeFormPosts {
  return async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const field = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
    const name = field(FORM_NAME_FIELD);
    if (name === LOG_IN_FORM) return logInByPost(deps, req, res, field);
    if (!isStoredFormName(name)) return { kind: 'not-a-form' };
    const form = storedForms[name];
    const key = field('idempotencyKey');
    const input = {
      ...form.toInput(field),
      website: field('website'),
      fillMs: MIN_FILL_MS,
      idempotencyKey: IDEMPOTENCY_KEY_PATTERN.test(key) ? key : randomUUID().replace(/-/g, ''),
    };
    // What the visitor sent, to fill the form again (these forms have no passwords).
    const values = Object.fromEntries(
      Object.entries(body).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === 'string' && ![FORM_NAME_FIELD, 'website', 'idempotencyKey'].includes(entry[0]),
      ),
    );
    const page = (
      status: number,
      fieldErrors: Record<string, string>,
      message: string | null,
      outcome?: FormSubmission['outcome'],
    ): NativePostOutcome => ({
      kind: 'page',
      status,
      submission: { form: name, values, fieldErrors, message, outcome },
    });

    const parsed = form.schema.safeParse(input);
    if (!parsed.success) {
      const { fieldErrors, message } = fieldErrorsOf(parsed.error);
      return page(400, fieldErrors, message);
    }
    try {
      const { reference } = await deps.send(req, res, form.procedure, input);
      const query = new URLSearchParams({ [SENT_QUERY.form]: name, [SENT_QUERY.reference]: reference });
      return { kind: 'redirect', location: `${req.path}?${query.toString()}#${name}-sent` };
    } catch (error) {
      if (error instanceof TRPCError && statusFor[error.code])
        return page(statusFor[error.code]!, {}, error.message, error.code === 'CONFLICT' ? 'conflict' : undefined);
      deps.logger.error('native form post failed', { form: name, err: error });
      // The form shows its own failure text (the spec's catalogue), as its toast would.
      return page(500, {}, null, 'failed');
    }
  };
}

/**
 * /login without JavaScript: the same schema and procedure (limits, lock-out, generic message); success sets the
 * session cookie and goes to ?next= (a path on this site) or the dashboard. The password is never sent back.
 */
async function logInByPost(
  deps: { logIn: LogIn; logger: Logger },
  req: Request,
  res: Response,
  field: (name: string) => string,
): Promise<NativePostOutcome> {
  const input = { email: field('email'), password: field('password') };
  const page = (status: number, fieldErrors: Record<string, string>, message: string | null): NativePostOutcome => ({
    kind: 'page',
    status,
    submission: {
      form: LOG_IN_FORM,
      values: { email: input.email },
      fieldErrors,
      message,
      outcome: message === null && status === 500 ? 'failed' : undefined,
    },
  });
  const parsed = logInSchema.safeParse(input);
  if (!parsed.success) {
    const { fieldErrors, message } = fieldErrorsOf(parsed.error);
    return page(400, fieldErrors, message);
  }
  try {
    await deps.logIn(req, res, input);
    const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    return { kind: 'redirect', location: safeNextPath(search, '/dashboard') };
  } catch (error) {
    if (error instanceof TRPCError) {
      const status = { UNAUTHORIZED: 401, FORBIDDEN: 403, TOO_MANY_REQUESTS: 429, SERVICE_UNAVAILABLE: 503 }[
        error.code as string
      ];
      if (status) return page(status, {}, error.message);
    }
    deps.logger.error('native log-in failed', { err: error });
    return page(500, {}, null);
  }
}
