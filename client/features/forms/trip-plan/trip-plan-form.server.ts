/** Server-only (*.server): the live form, rendered into the HTML by the island. */
export { TripPlanLiveForm } from './trip-plan-live-form';
