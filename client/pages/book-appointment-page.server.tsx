import { paths } from '../app/paths';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { PageMeta } from '../layout/page-meta';
import { brand } from '../../shared/brand';
import { EMERGENCY_NUMBERS } from '../../shared/constants';

export function BookAppointmentIntro() {
  return (
    <>
      <PageMeta
        title={`Book an Appointment - ${brand.name}`}
        description="Book a virtual or in-person appointment with our care team: choose a service and pick one of its free times, or ask us for another day."
      />
      <PageHeader
        title="Book an Appointment"
        intro="Choose the service you need and pick one of its free times: your appointment is confirmed at once. If no time suits you, ask us for another day."
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
