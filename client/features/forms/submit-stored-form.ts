/**
 * Loaded on demand (first focus in a form, or submit) with zod and the tRPC
 * client: checks the values with the form's shared schema, sends them, and turns
 * the server's answer into an outcome the form can show.
 */
import { TRPCClientError } from '@trpc/client';
import type { z } from 'zod';
import type { FieldErrors } from '../../components/form/use-form-errors';
import { rateLimitMessage } from '../../../shared/form-messages';

export type SubmitOutcome =
  | { kind: 'stored'; reference: string }
  | { kind: 'invalid'; fieldErrors: FieldErrors }
  | { kind: 'rate-limited'; message: string }
  | { kind: 'conflict'; message: string }
  | { kind: 'failed' };

export type FormSubmitter<I> = {
  /** Field messages from the shared schema, or null when the values pass. */
  validate: (values: I) => FieldErrors | null;
  send: (values: I) => Promise<SubmitOutcome>;
};

type ServerErrorData = { code?: string; httpStatus?: number; fieldErrors?: Record<string, string[]> | null; retryAfterSeconds?: number | null };

function firstMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_form';
    fieldErrors[key] ??= issue.message;
  }
  return fieldErrors;
}

export function createSubmitter<I>(schema: z.ZodType<unknown, I>, mutate: (input: I) => Promise<{ reference: string }>): FormSubmitter<I> {
  return {
    validate(values) {
      const result = schema.safeParse(values);
      return result.success ? null : firstMessages(result.error.issues);
    },
    async send(values) {
      try {
        const { reference } = await mutate(values);
        return { kind: 'stored', reference };
      } catch (error) {
        if (!(error instanceof TRPCClientError)) return { kind: 'failed' };
        const data = (error.data ?? {}) as ServerErrorData;
        if (data.fieldErrors && Object.keys(data.fieldErrors).length) {
          const fieldErrors: FieldErrors = {};
          for (const [field, messages] of Object.entries(data.fieldErrors)) if (messages[0]) fieldErrors[field] = messages[0];
          return { kind: 'invalid', fieldErrors };
        }
        if (data.code === 'TOO_MANY_REQUESTS') return { kind: 'rate-limited', message: rateLimitMessage(data.retryAfterSeconds ?? 60) };
        if (data.code === 'CONFLICT') return { kind: 'conflict', message: error.message };
        return { kind: 'failed' };
      }
    },
  };
}
