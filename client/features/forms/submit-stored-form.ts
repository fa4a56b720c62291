/**
 * Loaded on demand (first focus in a form, or submit) with zod and the tRPC
 * client: checks the values with the form's shared schema, sends them, and turns
 * the server's answer into an outcome the form can show.
 */
import type { z } from 'zod';
import { checkSchema, isAppClientError, serverFieldErrors } from '../../components/form/server-errors';
import type { FieldErrors } from '../../components/form/use-form-errors';
import { rateLimitMessage } from '../../../shared/form-messages';

export type SubmitOutcome =
  | { kind: 'stored'; reference: string }
  | { kind: 'invalid'; fieldErrors: FieldErrors }
  | { kind: 'rate-limited'; message: string }
  | { kind: 'unavailable'; message: string }
  | { kind: 'conflict'; message: string }
  | { kind: 'failed' };

export type FormSubmitter<I> = {
  /** Field messages from the shared schema, or null when the values pass. */
  validate: (values: I) => FieldErrors | null;
  send: (values: I) => Promise<SubmitOutcome>;
};

export function createSubmitter<I>(schema: z.ZodType<unknown, I>, mutate: (input: I) => Promise<{ reference: string }>): FormSubmitter<I> {
  return {
    validate: (values) => checkSchema(schema, values),
    async send(values) {
      try {
        const { reference } = await mutate(values);
        return { kind: 'stored', reference };
      } catch (error) {
        if (!isAppClientError(error)) return { kind: 'failed' };
        const fieldErrors = serverFieldErrors(error);
        if (fieldErrors) return { kind: 'invalid', fieldErrors };
        const code = error.data?.code;
        if (code === 'TOO_MANY_REQUESTS') return { kind: 'rate-limited', message: rateLimitMessage(error.data?.retryAfterSeconds ?? 60) };
        // The server's own message (shared/messages/service-messages.ts): busy or full, try again shortly.
        if (code === 'SERVICE_UNAVAILABLE') return { kind: 'unavailable', message: error.message };
        if (code === 'CONFLICT') return { kind: 'conflict', message: error.message };
        return { kind: 'failed' };
      }
    },
  };
}
