/**
 * The account forms' reading of a failed procedure call, as TRPCClientError<AppRouter>
 * (code, message, field errors). It travels with the live forms and their tRPC hooks; the
 * zod checks stay in ./auth-actions, loaded on first focus.
 */
import { isAppClientError, serverFieldErrors } from '../../components/form/server-errors';
import type { FieldErrors } from '../../components/form/use-form-errors';

export type Failure = { code: string; message: string; fieldErrors: FieldErrors | null };
export type Result<T> = { ok: true; data: T } | { ok: false; failure: Failure };

export function failureOf(error: unknown): Failure {
  if (isAppClientError(error))
    return { code: error.data?.code ?? 'NETWORK', message: error.message, fieldErrors: serverFieldErrors(error) };
  return { code: 'NETWORK', message: error instanceof Error ? error.message : 'Network error', fieldErrors: null };
}

/** Awaits a mutation (`mutateAsync(...)`) and returns its data or its failure, never throwing. */
export async function attempt<T>(call: Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, data: await call };
  } catch (error) {
    return { ok: false, failure: failureOf(error) };
  }
}
