import { useEffect } from 'react';
import { pageDataFor } from '../features/booking/booking-page-data';
import { ServerContent } from '../rendering/server-content';
import { AppointmentForm, appointmentMessages } from '../features/forms/appointment/appointment-form';
import { BookingIsland } from '../features/booking/booking-island';
import { AskUsIntro, BookingTimesHeader } from '../features/booking/booking-times.server';
import type { SlotOption } from '../features/booking/slot-picker';
import type { PageData } from '../../shared/render-result';
import { BookAppointmentIntro } from './book-appointment-page.server';

/** What server/trpc/page-data.ts loads for this page. */
type BookingPageData = {
  services: string[];
  service: string | null;
  slots: SlotOption[];
  /** After a plain post was booked (Post/Redirect/Get): the reference and the start the redirect names. */
  booked: { reference: string; startsAt: number } | null;
};

const dataOf = (pageData: PageData | null) => pageDataFor<BookingPageData>(pageData, 'book-appointment');

/**
 * The free times are drawn per request on the server. Reached by a link inside the app (client-side navigation), the
 * page has no data of its own: it is loaded from the server once, as a visitor without JavaScript would get it (not
 * when this document itself came without data, which would reload for ever).
 */
function useServerDrawn(hasData: boolean) {
  useEffect(() => {
    const loaded = performance.getEntriesByType('navigation')[0]?.name.split('#')[0];
    if (!hasData && loaded !== location.href.split('#')[0]) location.reload();
  }, [hasData]);
}

/**
 * /services/book-appointment (issue #28.2): the free times of the chosen service, drawn per request, booked through
 * an island that works as a plain HTML form; the request form stays below for anyone whom no time suits. With no
 * bookable service (a fresh install), the request form only.
 */
export default function BookAppointmentPage({ pageData }: { pageData: PageData | null }) {
  const data = dataOf(pageData);
  const booked = data?.booked ?? null;
  useServerDrawn(data !== null);

  return (
    <>
      <ServerContent id="book-appointment">
        <BookAppointmentIntro />
      </ServerContent>
      <section className="app-section" aria-labelledby="book-time-heading">
        <div className="app-container">
          <div className="app-form-card">
            <ServerContent id="booking-times">
              <BookingTimesHeader data={data} />
            </ServerContent>
            {!booked && data?.service && data.slots.length ? (
              <BookingIsland service={data.service} slots={data.slots} failure={appointmentMessages.failure} />
            ) : null}
          </div>
        </div>
      </section>
      <section className="app-section" aria-labelledby="ask-us-heading">
        <div className="app-container">
          <div className="app-form-card">
            <ServerContent id="ask-us">
              <AskUsIntro data={data} />
            </ServerContent>
            <AppointmentForm />
          </div>
        </div>
      </section>
    </>
  );
}
