import type { ToastOptions } from '../../../components/toast/toast-provider';
import { Island } from '../../../rendering/island';
// The live form rendered into the server's HTML; a stub in the browser, where the form's code loads on first use.
import { StoredForm } from '../stored-form.server';

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

const load = () => import('../stored-form').then((module) => module.liveStoredForm('appointment', appointmentMessages));
const server = <StoredForm name="appointment" messages={appointmentMessages} />;

/**
 * Appointment request form (spec sections 5, 8) for /services/book-appointment: the date cannot be before today in
 * Lagos.
 */
export const AppointmentForm = () => (
  <Island id="appointment" load={load} server={server} failure={appointmentMessages.failure} />
);
