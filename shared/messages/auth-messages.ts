/**
 * Account messages both sides show (spec section 8), defined once. The server's auth router
 * should import these instead of its own copies (ACCOUNT_EXISTS_MESSAGE, SIGN_UP_FAILED_MESSAGE).
 */
export const ACCOUNT_EXISTS_MESSAGE = 'An account with this email already exists.';
export const SIGN_UP_FAILED_MESSAGE = 'Could not create your account. Please try again.';
/** The password of an existing account (log in, delete account). */
export const CURRENT_PASSWORD_REQUIRED_MESSAGE = 'Enter your password.';
