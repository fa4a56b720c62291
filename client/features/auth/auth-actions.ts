/**
 * Loaded on demand (first focus in an account form, or submit) with zod, so the prerendered
 * /signup and /login pages stay light: the shared schemas' checks, and the sign-up failure
 * texts (one of them is the schema's). The calls themselves are the forms' tRPC mutation hooks.
 */
import { checkSchema as check } from '../../components/form/server-errors';
import { ACCOUNT_EXISTS_MESSAGE, SIGN_UP_FAILED_MESSAGE } from '../../../shared/messages/auth-messages';
import {
  PASSWORD_TOO_SHORT_MESSAGE,
  emailOnlySchema,
  logInSchema,
  resetPasswordFormSchema,
  signUpFormSchema,
} from '../../../shared/schemas/auth';
import type { Failure } from './auth-failure';

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
  signUpFailureMessage,
  validateLogIn: (values: { email: string; password: string }) => check(logInSchema, values),
  validateEmail: (values: { email: string }) => check(emailOnlySchema, values),
  validateNewPassword: (values: { password: string; confirmPassword: string }) =>
    check(resetPasswordFormSchema, values),
};

export type AuthActions = typeof authActions;
