/**
 * Loaded on demand (first focus in an account form, or submit) with zod and the tRPC
 * client, so the prerendered /signup and /login pages stay light. Each action checks
 * with the shared schema where there is one and turns the server's answer into data.
 */
import { checkSchema as check, isAppClientError, serverFieldErrors } from '../../components/form/server-errors';
import type { FieldErrors } from '../../components/form/use-form-errors';
import { ACCOUNT_EXISTS_MESSAGE, SIGN_UP_FAILED_MESSAGE } from '../../../shared/messages/auth-messages';
import { PASSWORD_TOO_SHORT_MESSAGE, emailOnlySchema, logInSchema, resetPasswordFormSchema, signUpFormSchema } from '../../../shared/schemas/auth';
import { trpcClient } from '../../lib/trpc-client';

export type Failure = { code: string; message: string; fieldErrors: FieldErrors | null };
export type Result<T> = { ok: true; data: T } | { ok: false; failure: Failure };

export function failureOf(error: unknown): Failure {
  if (isAppClientError(error)) return { code: error.data?.code ?? 'NETWORK', message: error.message, fieldErrors: serverFieldErrors(error) };
  return { code: 'NETWORK', message: error instanceof Error ? error.message : 'Network error', fieldErrors: null };
}

async function attempt<T>(call: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, data: await call() };
  } catch (error) {
    return { ok: false, failure: failureOf(error) };
  }
}

export type SignUpValues = { fullName: string; email: string; password: string; confirmPassword: string };

/** The catalogue's 'Sign Up Failed' descriptions (spec section 8), plus the server's own clear messages. */
export function signUpFailureMessage(failure: Failure): string {
  if (failure.code === 'CONFLICT') return ACCOUNT_EXISTS_MESSAGE;
  if (failure.fieldErrors?.password === PASSWORD_TOO_SHORT_MESSAGE) return PASSWORD_TOO_SHORT_MESSAGE;
  if (failure.fieldErrors?.password) return failure.fieldErrors.password;
  if (failure.code === 'TOO_MANY_REQUESTS') return failure.message;
  return SIGN_UP_FAILED_MESSAGE;
}

export const authActions = {
  validateSignUp: (values: SignUpValues) => check(signUpFormSchema, values),
  // confirmPassword is a client-only check: it is never sent.
  signUp: ({ fullName, email, password }: SignUpValues) => attempt(() => trpcClient.auth.signUp.mutate({ fullName, email, password })),
  signUpFailureMessage,

  validateLogIn: (values: { email: string; password: string }) => check(logInSchema, values),
  logIn: (values: { email: string; password: string }) => attempt(() => trpcClient.auth.logIn.mutate(values)),
  resendConfirmation: (email: string) => attempt(() => trpcClient.auth.resendConfirmation.mutate({ email })),

  validateEmail: (values: { email: string }) => check(emailOnlySchema, values),
  requestPasswordReset: (email: string) => attempt(() => trpcClient.auth.requestPasswordReset.mutate({ email })),

  validateNewPassword: (values: { password: string; confirmPassword: string }) => check(resetPasswordFormSchema, values),
  resetPassword: (token: string, password: string) => attempt(() => trpcClient.auth.resetPassword.mutate({ token, password })),

  confirmEmail: (token: string) => attempt(() => trpcClient.auth.confirmEmail.mutate({ token })),
};

export type AuthActions = typeof authActions;
