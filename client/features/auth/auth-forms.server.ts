/**
 * Server-only (*.server): the account forms, rendered into the HTML by the auth pages' island. In the browser these
 * are stubs; each page loads its form's own module on first use.
 */
export { ConfirmEmail } from './confirm-email';
export { ForgotPasswordForm } from './forgot-password-form';
export { LogInForm } from './log-in-form';
export { ResetPasswordForm, StaffWelcomeForm } from './reset-password-form';
export { SignUpForm } from './sign-up-form';
