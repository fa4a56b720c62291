/** Texts the account forms may show for answers that are not field errors (server and client share them). */

/** 503 when the server's password-checking queue is full (issue #11): the client shows it as is. */
export const AUTH_BUSY_MESSAGE = 'We are handling a lot of log-ins right now. Please try again in a few seconds.';

/** 400 from the tRPC batch guard when a batched request carries too many calls. */
export const batchTooLargeMessage = (max: number) =>
  `Too many calls in one request: at most ${max} may be sent together.`;

/** 400 from the tRPC batch guard when an account action is sent in a batch. */
export const AUTH_NOT_BATCHABLE_MESSAGE =
  'Account actions (sign-up, log-in, log-out, password reset, account deletion) must be sent one per request.';

export const ACCOUNT_EXISTS_MESSAGE = 'An account with this email already exists.';
export const SIGN_UP_FAILED_MESSAGE = 'Could not create your account. Please try again.';
export const INVALID_CREDENTIALS_MESSAGE = 'The email address or password is not correct.';
export const EMAIL_NOT_CONFIRMED_MESSAGE =
  'Please confirm your email address before logging in. Use the link we sent you, or ask for a new one.';
export const RESEND_CONFIRMATION_MESSAGE =
  'If that address has an account waiting for confirmation, we have sent a new link. Please check your email.';
export const RESET_REQUESTED_MESSAGE =
  'If that address has an account, we have sent a link to reset the password. Please check your email.';
export const INVALID_CONFIRM_LINK_MESSAGE =
  'This confirmation link is not valid or has expired. Log in and ask for a new one.';
export const INVALID_RESET_LINK_MESSAGE = 'This reset link is not valid or has expired. Please ask for a new one.';
export const WRONG_PASSWORD_MESSAGE = 'The password is not correct.';
/** The password of an existing account (log in, delete account). */
export const CURRENT_PASSWORD_REQUIRED_MESSAGE = 'Enter your password.';
export const LOG_IN_REQUIRED_MESSAGE = 'Please log in to continue.';

/** "in 15 minutes", "in 1 minute", "in 40 seconds". */
export function waitPhrase(seconds: number): string {
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export const tooManyLogInsMessage = (seconds: number) =>
  `Too many failed log-in attempts. Please try again ${waitPhrase(seconds)}.`;
export const tooManySignUpsMessage = (seconds: number) =>
  `Too many sign-up attempts from your network. Please try again ${waitPhrase(seconds)}.`;
export const tooManyResetRequestsMessage = (seconds: number) =>
  `Too many password reset requests from your network. Please try again ${waitPhrase(seconds)}.`;
export const tooManyWrongPasswordsMessage = (seconds: number) =>
  `Too many wrong passwords. Please try again ${waitPhrase(seconds)}.`;
export const mailTooSoonMessage = (seconds: number) =>
  `We have just sent an email to this address. Please wait ${seconds} seconds before asking for another.`;
