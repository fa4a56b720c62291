/**
 * Turns a schema check or a tRPC error into what a form shows. Loaded only with the
 * lazily loaded form code (it brings the tRPC client's error class), never with a page.
 */
import { TRPCClientError } from '@trpc/client';
import type { z } from 'zod';
import type { AppRouter } from '../../../server/trpc/router';
import type { FieldErrors } from './use-form-errors';

/** A procedure's error as the client sees it (the server's errorFormatter shapes `data`). */
export type AppClientError = TRPCClientError<AppRouter>;

export const isAppClientError = (error: unknown): error is AppClientError => error instanceof TRPCClientError;

/**
 * The first message of each field (forms show the first, the most basic one); '_form' for a
 * message about the whole form.
 */
export function firstMessages(entries: Iterable<readonly [string, string]>): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const [field, message] of entries) fieldErrors[field] ??= message;
  return fieldErrors;
}

/** Field messages from a shared schema, or null when the values pass. */
export function checkSchema(schema: z.ZodType, values: unknown): FieldErrors | null {
  const result = schema.safeParse(values);
  return result.success
    ? null
    : firstMessages(
        result.error.issues.map(
          (issue) => [issue.path.length ? String(issue.path[0]) : '_form', issue.message] as const,
        ),
      );
}

/** The server's field messages in an error, or null when it has none. */
export function serverFieldErrors(error: AppClientError): FieldErrors | null {
  const entries = Object.entries(error.data?.fieldErrors ?? {}).flatMap(([field, messages]) =>
    messages[0] ? [[field, messages[0]] as const] : [],
  );
  return entries.length ? firstMessages(entries) : null;
}
