import type { ToastOptions } from '../../../components/toast/toast-provider';

/** Spec section 8; the success toast adds the reference to quote. */
export const tripPlanMessages = {
  success: (reference: string): ToastOptions => ({
    title: 'Trip Plan Submitted!',
    description: `Thank you. Our international health team will review your plan and contact you. Your reference is ${reference}.`,
  }),
  failure: {
    title: 'Submission Failed',
    description: 'Could not submit your trip plan. Please try again.',
    variant: 'destructive',
  } satisfies ToastOptions,
};
