import { paths } from '../app/paths';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { ServerContent } from '../components/server-content';
import { AppointmentForm } from '../features/forms/appointment/appointment-form';
import { PageMeta } from '../layout/page-meta';
import { brand } from '../../shared/brand';
import { EMERGENCY_NUMBERS } from '../../shared/constants';

/** /services/book-appointment: static header as HTML only; the form is an island that loads on first use. */
export default function BookAppointmentPage() {
  return (
    <>
      <ServerContent id="book-appointment">{import.meta.env.SSR ? <BookAppointmentIntro /> : null}</ServerContent>
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

function BookAppointmentIntro() {
  return (
    <>
      <PageMeta
        title={`Book an Appointment - ${brand.name}`}
        description="Request a virtual or in-person appointment with our care team. Choose a date and a service, and we will contact you to confirm."
      />
      <PageHeader
        title="Book an Appointment"
        intro="Choose a date and the service you need. Our team will contact you to confirm the time."
      >
        <BackLink href={paths.services()} label="Back to Services" />
      </PageHeader>
      <div className="app-container">
        <p className="app-form-card app-form-card--notice">
          <strong>In an emergency, do not use this form.</strong> Call {EMERGENCY_NUMBERS.join(' or ')} now, or go to
          the nearest hospital.
        </p>
      </div>
    </>
  );
}
