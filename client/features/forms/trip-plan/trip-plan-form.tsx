import { Island } from '../../../rendering/island';
import { tripPlanMessages } from './trip-plan-messages';
// The live form rendered into the server's HTML; a stub in the browser, where the form's code loads on first use.
import { TripPlanLiveForm } from './trip-plan-form.server';

const load = () => import('./trip-plan-live-form').then((module) => module.TripPlanLiveForm);

/** Medical trip plan form (spec sections 2, 5) for /services/plan-trip. */
export function TripPlanForm() {
  return <Island id="trip-plan" load={load} server={<TripPlanLiveForm />} failure={tripPlanMessages.failure} />;
}
