import { Island } from '../../../components/island';
import { appointmentMessages } from './appointment-messages';

// Server build only: the live form is rendered into the prerendered HTML. The client build drops this
// line, so the page ships only the island wrapper and the form's code loads on first use.
const ServerForm = import.meta.env.SSR ? (await import('./appointment-live-form')).AppointmentLiveForm : null;

const load = () => import('./appointment-live-form').then((module) => module.AppointmentLiveForm);

/** Appointment request form (spec sections 5, 8) for /services/book-appointment. */
export function AppointmentForm() {
  return (
    <Island
      id="appointment"
      load={load}
      server={ServerForm ? <ServerForm /> : null}
      failure={appointmentMessages.failure}
    />
  );
}
