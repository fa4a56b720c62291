import { bookSlotSchema, type BookSlotInput } from '../../../shared/schemas/booking';
import { createFormCheck } from '../forms/submit-stored-form';

/** Loaded on first use: the booking form's shared schema (with zod). */
export const bookingCheck = createFormCheck<BookSlotInput>(bookSlotSchema);
