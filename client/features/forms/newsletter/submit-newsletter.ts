import { newsletterSchema, type NewsletterInput } from '../../../../shared/schemas/newsletter';
import { createFormCheck } from '../submit-stored-form';

/** Loaded on first use: the newsletter schema (with zod); the live form sends through its tRPC mutation hook. */
export const newsletterCheck = createFormCheck<NewsletterInput>(newsletterSchema);
