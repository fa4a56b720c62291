/**
 * What a stored form makes of the server's answer. The check (`createFormCheck`, with zod
 * and the form's shared schema) is loaded on demand on first focus; the outcome mapping
 * travels with the live form, next to the tRPC mutation hook that sends.
 */
import type { z } from 'zod';
import { checkSchema, isAppClientError, serverFieldErrors } from '../../components/form/server-errors';
import type { FieldErrors } from '../../components/form/use-form-errors';
import { rateLimitMessage } from '../../../shared/form-messages';

export type SubmitOutcome =
  | { kind: 'stored'; reference: string }
  | { kind: 'invalid'; fieldErrors: FieldErrors }
  | { kind: 'rate-limited'; message: string }
  | { kind: 'too-fast'; message: string }
  | { kind: 'unavailable'; message: string }
  | { kind: 'conflict'; message: string }
  | { kind: 'failed' };

export type FormCheck<I> = {
  /** Field messages from the shared schema, or null when the values pass. */
  validate: (values: I) => FieldErrors | null;
};

export function createFormCheck<I>(schema: z.ZodType<unknown, I>): FormCheck<I> {
  return { validate: (values) => checkSchema(schema, values) };
}

/** A failed send, read as TRPCClientError<AppRouter> (anything else, a network failure say, is 'failed'). */
export function failedOutcome(error: unknown): Exclude<SubmitOutcome, { kind: 'stored' }> {
  if (!isAppClientError(error)) return { kind: 'failed' };
  const fieldErrors = serverFieldErrors(error);
  if (fieldErrors) return { kind: 'invalid', fieldErrors };
  const code = error.data?.code;
  if (code === 'TOO_MANY_REQUESTS')
    return { kind: 'rate-limited', message: rateLimitMessage(error.data?.retryAfterSeconds ?? 60) };
  // The server's own message (shared/messages/service-messages.ts): busy or full, try again shortly.
  if (code === 'SERVICE_UNAVAILABLE') return { kind: 'unavailable', message: error.message };
  if (code === 'CONFLICT') return { kind: 'conflict', message: error.message };
  // Sent sooner than a person could: nothing was stored, and the visitor is asked to send again.
  if (code === 'PRECONDITION_FAILED') return { kind: 'too-fast', message: error.message };
  return { kind: 'failed' };
}

/** Sends through the form's mutation and turns the answer into an outcome. */
export async function sendStoredForm<I>(
  mutateAsync: (input: I) => Promise<{ reference: string }>,
  values: I,
): Promise<SubmitOutcome> {
  try {
    const { reference } = await mutateAsync(values);
    return { kind: 'stored', reference };
  } catch (error) {
    return failedOutcome(error);
  }
}
