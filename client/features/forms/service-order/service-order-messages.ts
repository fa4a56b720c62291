import type { ToastOptions } from '../../../components/toast/toast-provider';

/** Spec section 8; the success toast adds the reference to quote. */
export const serviceOrderMessages = {
  success: (reference: string): ToastOptions => ({
    title: 'Service Order Placed!',
    description: `We will contact you shortly to confirm details. Your reference is ${reference}.`,
  }),
  failure: {
    title: 'Order Failed',
    description: 'Could not place your order. Please try again.',
    variant: 'destructive',
  } satisfies ToastOptions,
};
