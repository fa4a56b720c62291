/** Messages and limits the server sends and the forms show, kept in one place. */

/** A form filled faster than this (from first render to submit) is treated as a bot. */
export const MIN_FILL_MS = 1500;

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
