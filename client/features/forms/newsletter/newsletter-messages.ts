import { NEWSLETTER_DUPLICATE_MESSAGE } from '../../../../shared/form-messages';
import type { ToastOptions } from '../../../components/toast/toast-provider';

/** Spec section 8, verbatim. */
export const newsletterMessages = {
  success: (): ToastOptions => ({ title: 'Subscribed!', description: 'Thank you for subscribing to our newsletter.' }),
  failure: {
    title: 'Subscription Failed',
    description: 'Could not subscribe. Please try again later.',
    variant: 'destructive',
  } satisfies ToastOptions,
  conflict: { title: 'Already Subscribed', description: NEWSLETTER_DUPLICATE_MESSAGE } satisfies ToastOptions,
};
