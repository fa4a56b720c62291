import { ServerContent } from '../rendering/server-content';
import { AppointmentForm } from '../features/forms/appointment/appointment-form';
import { BookAppointmentIntro } from './book-appointment-page.server';

/** /services/book-appointment: static header as HTML only; the form is an island that loads on first use. */
export default function BookAppointmentPage() {
  return (
    <>
      <ServerContent id="book-appointment">
        <BookAppointmentIntro />
      </ServerContent>
      <section className="app-section" aria-label="Appointment form">
        <div className="app-container">
          <div className="app-form-card">
            <AppointmentForm />
          </div>
        </div>
      </section>
    </>
  );
}
