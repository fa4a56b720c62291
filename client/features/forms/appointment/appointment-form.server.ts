/** Server-only (*.server): the live form, rendered into the HTML by the island. */
export { AppointmentLiveForm } from './appointment-live-form';
