import { Island } from '../../../components/island';
import { tripPlanMessages } from './trip-plan-messages';

// Server build only: the live form is rendered into the prerendered HTML. The client build drops this
// line, so the page ships only the island wrapper and the form's code loads on first use.
const ServerForm = import.meta.env.SSR ? (await import('./trip-plan-live-form')).TripPlanLiveForm : null;

const load = () => import('./trip-plan-live-form').then((module) => module.TripPlanLiveForm);

/** Medical trip plan form (spec sections 2, 5) for /services/plan-trip. */
export function TripPlanForm() {
  return (
    <Island id="trip-plan" load={load} server={ServerForm ? <ServerForm /> : null} failure={tripPlanMessages.failure} />
  );
}
