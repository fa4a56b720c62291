import type { ToastOptions } from '../../../components/toast/toast-provider';
import { Island } from '../../../rendering/island';
// The live form rendered into the server's HTML; a stub in the browser, where the form's code loads on first use.
import { StoredForm } from '../stored-form.server';

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

const load = () => import('../stored-form').then((module) => module.liveStoredForm('trip-plan', tripPlanMessages));
const server = <StoredForm name="trip-plan" messages={tripPlanMessages} />;

/** Medical trip plan (spec sections 2, 5) for /services/plan-trip: Travel Details, then Contact Information. */
export const TripPlanForm = () => (
  <Island id="trip-plan" load={load} server={server} failure={tripPlanMessages.failure} />
);
