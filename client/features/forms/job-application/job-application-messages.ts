import type { ToastOptions } from '../../../components/toast/toast-provider';

/** Spec section 8; the success toast adds the reference to quote. */
export const jobApplicationMessages = {
  success: (reference: string): ToastOptions => ({
    title: 'Application Submitted!',
    description: `Thank you for applying. We'll be in touch. Your reference is ${reference}.`,
  }),
  failure: {
    title: 'Application Failed',
    description: 'Could not submit your application. Please try again.',
    variant: 'destructive',
  } satisfies ToastOptions,
};
