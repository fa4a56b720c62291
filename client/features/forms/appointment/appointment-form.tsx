import { Island } from '../../../rendering/island';
import { appointmentMessages } from './appointment-messages';
// The live form rendered into the server's HTML; a stub in the browser, where the form's code loads on first use.
import { AppointmentLiveForm } from './appointment-form.server';

const load = () => import('./appointment-live-form').then((module) => module.AppointmentLiveForm);

/** Appointment request form (spec sections 5, 8) for /services/book-appointment. */
export function AppointmentForm() {
  return <Island id="appointment" load={load} server={<AppointmentLiveForm />} failure={appointmentMessages.failure} />;
}
