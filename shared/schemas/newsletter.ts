import { z } from 'zod';
import { botCheckShape, submissionKeyShape, requiredEmail } from './field-rules';

export const NEWSLETTER_EMPTY_MESSAGE = 'Please enter your email address.';

/** Newsletter sign-up (spec section 5): email required, email format. */
export const newsletterSchema = z.object({
  email: requiredEmail(NEWSLETTER_EMPTY_MESSAGE),
  ...botCheckShape,
  ...submissionKeyShape,
});

export type NewsletterInput = z.input<typeof newsletterSchema>;
export type NewsletterData = z.output<typeof newsletterSchema>;
