import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { ServerContent } from '../rendering/server-content';
import { AppointmentForm } from '../features/forms/appointment/appointment-form';
import { BookedNotice } from '../features/booking/booked-notice';
import { BookingIsland } from '../features/booking/booking-island';
import { ServicePicker } from '../features/booking/service-picker';
import type { SlotOption } from '../features/booking/slot-picker';
import { BOOKED_AT_QUERY, BOOKING_FORM } from '../../shared/forms/booking-forms';
import { REFERENCE_PATTERN, SENT_QUERY } from '../../shared/forms/form-post';
import type { PageData } from '../../shared/render-result';
import { BookAppointmentIntro } from './book-appointment-page.server';
import '../features/booking/booking.css';

/** What server/site/page-data.ts loads for this page. */
type BookingPageData = { services: string[]; service: string | null; slots: SlotOption[] };

const dataOf = (pageData: PageData | null) =>
  pageData?.page === 'book-appointment' ? (pageData.data as BookingPageData) : null;

/** After a plain post was booked (Post/Redirect/Get): the reference and the start the redirect names. */
function useBookedQuery() {
  const params = new URLSearchParams(useSearch());
  const reference = params.get(SENT_QUERY.reference) ?? '';
  const at = params.get(BOOKED_AT_QUERY) ?? '';
  if (params.get(SENT_QUERY.form) !== BOOKING_FORM || !REFERENCE_PATTERN.test(reference) || !/^\d{12,14}$/.test(at))
    return null;
  return { reference, startsAt: Number(at) };
}

const withoutHash = (url: string) => url.replace(/#.*$/, '');

/**
 * The free times are drawn per request on the server. Reached by a link inside the app (client-side navigation), the
 * page has no data of its own: it is loaded from the server once, as a visitor without JavaScript would get it.
 */
function useServerDrawn(hasData: boolean) {
  useEffect(() => {
    if (hasData) return;
    const [entry] = performance.getEntriesByType('navigation');
    if (entry && withoutHash(entry.name) !== withoutHash(window.location.href)) window.location.reload();
  }, [hasData]);
}

/**
 * /services/book-appointment (issue #28.2): the free times of the chosen service, drawn per request, booked through
 * an island that works as a plain HTML form; the request form stays below for anyone whom no time suits. With no
 * bookable service (a fresh install), the request form only.
 */
export default function BookAppointmentPage({ pageData }: { pageData: PageData | null }) {
  const data = dataOf(pageData);
  const booked = useBookedQuery();
  useServerDrawn(data !== null);
  const bookable = data !== null && data.services.length > 0;

  return (
    <>
      <ServerContent id="book-appointment">
        <BookAppointmentIntro />
      </ServerContent>
      <section className="app-section" aria-labelledby="book-time-heading">
        <div className="app-container">
          <div className="app-form-card">
            <h2 id="book-time-heading" className="app-booking__heading">
              Choose a time
            </h2>
            {booked ? (
              <BookedNotice reference={booked.reference} startsAt={booked.startsAt} />
            ) : !bookable ? (
              <p>Online booking is not open yet. Ask us for a time with the form below, and we will contact you.</p>
            ) : (
              <>
                {data.services.length > 1 ? <ServicePicker services={data.services} chosen={data.service} /> : null}
                {!data.service ? (
                  <p>Choose a service to see its free times in the next 14 days.</p>
                ) : data.slots.length === 0 ? (
                  <p>No time is free for {data.service} in the next 14 days. Ask us for a time with the form below.</p>
                ) : (
                  <BookingIsland service={data.service} slots={data.slots} />
                )}
              </>
            )}
          </div>
        </div>
      </section>
      <section className="app-section" aria-labelledby="ask-us-heading">
        <div className="app-container">
          <div className="app-form-card">
            <h2 id="ask-us-heading" className="app-booking__heading">
              {bookable ? 'None of these times suit me: ask us' : 'Ask us for a time'}
            </h2>
            <p>Tell us the day you would like, and our team will contact you to confirm a time.</p>
            <AppointmentForm />
          </div>
        </div>
      </section>
    </>
  );
}
