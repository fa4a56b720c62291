/** Loaded on first use (zod and the shared schema); the live form sends through its tRPC mutation hook. */
import { checkSchema, isAppClientError, serverFieldErrors } from '../../components/form/server-errors';
import type { FieldErrors } from '../../components/form/use-form-errors';
import { rateLimitMessage } from '../../../shared/form-messages';
import { bookSlotSchema, type BookSlotInput } from '../../../shared/schemas/booking';

export type BookingCheck = {
  /** Field messages from bookSlotSchema, or null when the values pass. */
  validate: (values: BookSlotInput) => FieldErrors | null;
  /** A refused send as the form shows it: field messages, a message for the whole form, or null (the failure toast). */
  refusal: (error: unknown) => { fieldErrors: FieldErrors; message?: string } | null;
};

export const bookingCheck: BookingCheck = {
  validate: (values) => checkSchema(bookSlotSchema, values),
  refusal: (error) => {
    if (!isAppClientError(error)) return null;
    const fieldErrors = serverFieldErrors(error);
    if (fieldErrors) return { fieldErrors };
    const code = error.data?.code;
    if (code === 'TOO_MANY_REQUESTS')
      return { fieldErrors: {}, message: rateLimitMessage(error.data?.retryAfterSeconds ?? 60) };
    // Busy, a duplicate, or sent sooner than a person could: the server's own message (nothing was booked).
    if (code === 'SERVICE_UNAVAILABLE' || code === 'CONFLICT' || code === 'PRECONDITION_FAILED')
      return { fieldErrors: {}, message: error.message };
    return null;
  },
};
