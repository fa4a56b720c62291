import { CURRENT_PASSWORD_REQUIRED_MESSAGE } from '../messages/auth-messages';
/**
 * Account forms: one schema per form, used as the tRPC input and as the client-side check.
 * The confirm-password rule is client-only: `signUpFormSchema` extends the base schema and
 * its extra field is never sent (Epic Stack's user-validation pattern).
 */
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants';
import { requiredEmail, requiredName } from './field-rules';

export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match.';
export const PASSWORD_REQUIRED_MESSAGE = 'Enter a password.';
export const CONFIRM_PASSWORD_REQUIRED_MESSAGE = 'Confirm your password.';
/** Argon2 accepts any length; this cap only stops absurd inputs. */
export const PASSWORD_MAX_LENGTH = 256;

/** Passwords are taken exactly as typed (no trimming), so what the person typed is what works. */
export const newPassword = z
  .string({ error: PASSWORD_REQUIRED_MESSAGE })
  .min(1, PASSWORD_REQUIRED_MESSAGE)
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, `Password must be ${PASSWORD_MAX_LENGTH} characters or fewer.`);

const currentPassword = z
  .string({ error: CURRENT_PASSWORD_REQUIRED_MESSAGE })
  .min(1, CURRENT_PASSWORD_REQUIRED_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, CURRENT_PASSWORD_REQUIRED_MESSAGE);

export const signUpSchema = z.object({
  fullName: requiredName('Enter your full name.'),
  email: requiredEmail(),
  password: newPassword,
});
export type SignUpInput = z.input<typeof signUpSchema>;

/** Client only: adds Confirm Password; strip `confirmPassword` before sending. */
export const signUpFormSchema = signUpSchema
  .extend({
    confirmPassword: z.string({ error: CONFIRM_PASSWORD_REQUIRED_MESSAGE }).min(1, CONFIRM_PASSWORD_REQUIRED_MESSAGE),
  })
  .refine((values) => values.confirmPassword === '' || values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    error: PASSWORDS_DO_NOT_MATCH_MESSAGE,
  });
export type SignUpFormInput = z.input<typeof signUpFormSchema>;

export const logInSchema = z.object({
  email: requiredEmail(),
  password: currentPassword,
});
export type LogInInput = z.input<typeof logInSchema>;

export const emailOnlySchema = z.object({ email: requiredEmail() });
export type EmailOnlyInput = z.input<typeof emailOnlySchema>;

const tokenField = z
  .string({ error: 'This link is not complete.' })
  .min(1, 'This link is not complete.')
  .max(200, 'This link is not complete.');

export const confirmEmailSchema = z.object({ token: tokenField });

export const resetPasswordSchema = z.object({ token: tokenField, password: newPassword });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** Client only: the reset form's confirm field, never sent. */
export const resetPasswordFormSchema = z
  .object({ password: newPassword, confirmPassword: z.string().min(1, CONFIRM_PASSWORD_REQUIRED_MESSAGE) })
  .refine((values) => values.confirmPassword === '' || values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    error: PASSWORDS_DO_NOT_MATCH_MESSAGE,
  });

export const deleteAccountSchema = z.object({ password: currentPassword });
