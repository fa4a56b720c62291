/**
 * Server-only (*.server): the parts of the booking page that need no script (issue #28.2), drawn per request and
 * shipped as HTML only: the heading, the service choice (a plain GET form), the booked notice after a plain post, and
 * the lines for a page with nothing to book.
 */
import { BookedNotice } from './booked-notice';
import { ServicePicker } from './service-picker';

/** The page's data (null: none) as one prop: the browser's page builds no props for HTML it never draws. */
export type BookingTimesProps = {
  data: {
    services: readonly string[];
    service: string | null;
    slots: readonly unknown[];
    booked: { reference: string; startsAt: number } | null;
  } | null;
};

export function BookingTimesHeader({ data }: BookingTimesProps) {
  const { services = [], service = null, booked = null } = data ?? {};
  const slotCount = data?.slots.length ?? 0;
  let body;
  if (booked) body = <BookedNotice reference={booked.reference} startsAt={booked.startsAt} />;
  else if (services.length === 0)
    body = <p>Online booking is not open yet. Ask us for a time with the form below, and we will contact you.</p>;
  else
    body = (
      <>
        {services.length > 1 ? <ServicePicker services={services} chosen={service} /> : null}
        {!service ? (
          <p>Choose a service to see its free times in the next 14 days.</p>
        ) : slotCount === 0 ? (
          <p>No time is free for {service} in the next 14 days. Ask us for a time with the form below.</p>
        ) : null}
      </>
    );
  return (
    <>
      <h2 id="book-time-heading" className="app-booking__heading">
        Choose a time
      </h2>
      {body}
    </>
  );
}

/** The heading of the request form below the times: the spec's form stays for anyone whom no time suits. */
export function AskUsIntro({ data }: BookingTimesProps) {
  const bookable = !!data?.services.length;
  return (
    <>
      <h2 id="ask-us-heading" className="app-booking__heading">
        {bookable ? 'None of these times suit me: ask us' : 'Ask us for a time'}
      </h2>
      <p>Tell us the day you would like, and our team will contact you to confirm a time.</p>
    </>
  );
}
