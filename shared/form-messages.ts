/** Messages and limits the server sends and the forms show, kept in one place. */

/**
 * A form sent sooner than this after it became visible (the page's navigation start for a prerendered form, the
 * moment it was shown after client-side navigation) is not stored: the visitor is asked to send it again (ADR 0023).
 */
export const MIN_FILL_MS = 1500;

/** Shown when a form arrives faster than a person could fill it: never a false success (issue #15). */
export const FORM_TOO_FAST_MESSAGE =
  'That was quicker than we expected, so your form was not sent. Please check your answers and send it again.';

export const NEWSLETTER_DUPLICATE_MESSAGE = 'This email address is already subscribed to our newsletter.';

/** Shown in the form when a visitor sends too many forms in a short time (HTTP 429). */
export function rateLimitMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait =
    seconds >= 60
      ? `${Math.ceil(seconds / 60)} minute${seconds > 60 ? 's' : ''}`
      : `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `You have sent this form too many times in a short time. Please wait ${wait} and try again.`;
}

export const PAYLOAD_TOO_LARGE_MESSAGE = 'Your answers are too long to send. Please shorten them and try again.';
export const UNSUPPORTED_CONTENT_TYPE_MESSAGE = 'Send this request as JSON (Content-Type: application/json).';
