import { paths } from '../app/paths';
import { BackLink } from '../components/back-link';
import { PageHeader } from '../components/page-header';
import { ServerContent } from '../components/server-content';
import { TripPlanForm } from '../features/forms/trip-plan/trip-plan-form';
import { PageMeta } from '../layout/page-meta';
import { brand } from '../../shared/brand';

/** /services/plan-trip: static header as HTML only; the form is an island that loads on first use. */
export default function PlanTripPage() {
  return (
    <>
      <ServerContent id="plan-trip">{import.meta.env.SSR ? <PlanTripIntro /> : null}</ServerContent>
      <section className="app-section" aria-label="Trip planning form">
        <div className="app-container">
          <div className="app-form-card">
            <TripPlanForm />
          </div>
        </div>
      </section>
    </>
  );
}

function PlanTripIntro() {
  return (
    <>
      <PageMeta
        title={`Plan Your Medical Trip - ${brand.name}`}
        description="Share your plans for treatment abroad: destination, dates, travellers and where you want to stay. Our international health team will contact you."
      />
      <PageHeader
        title="Plan Your Medical Trip"
        intro="Share your plans for treatment abroad. Our international health team will review them and contact you to help with hospitals, travel and where to stay."
      >
        <BackLink href={paths.internationalHealth()} label="Back to International Health" />
      </PageHeader>
    </>
  );
}
