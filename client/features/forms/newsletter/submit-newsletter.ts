import { newsletterSchema, type NewsletterInput } from '../../../../shared/schemas/newsletter';
import { trpcClient } from '../../../lib/trpc-client';
import { createSubmitter } from '../submit-stored-form';

/** Loaded on first use: the newsletter schema and the tRPC call. */
export const newsletterSubmitter = createSubmitter<NewsletterInput>(newsletterSchema, (input) => trpcClient.forms.subscribeNewsletter.mutate(input));
