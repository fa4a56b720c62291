import { ServerContent } from '../rendering/server-content';
import { TripPlanForm } from '../features/forms/trip-plan/trip-plan-form';
import { PlanTripIntro } from './plan-trip-page.server';

/** /services/plan-trip: static header as HTML only; the form is an island that loads on first use. */
export default function PlanTripPage() {
  return (
    <>
      <ServerContent id="plan-trip">
        <PlanTripIntro />
      </ServerContent>
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
