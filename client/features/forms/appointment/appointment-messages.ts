import type { ToastOptions } from '../../../components/toast/toast-provider';

/** Spec section 8; the success toast adds the reference to quote. */
export const appointmentMessages = {
  success: (reference: string): ToastOptions => ({
    title: 'Appointment Requested!',
    description: `Our team will contact you to confirm. Your reference is ${reference}.`,
  }),
  failure: {
    title: 'Request Failed',
    description: 'Could not submit your request. Please try again.',
    variant: 'destructive',
  } satisfies ToastOptions,
};
