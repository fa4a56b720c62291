import type { PageData } from '../../../shared/render-result';
import { APPOINTMENT_LINK_PATHS, againQuery } from '../../../shared/forms/appointment-links';
import { formatLagosDateTime } from '../../../shared/lagos-date';
import { lagosWallClockOf } from '../../../shared/booking/free-slots';
import { LINK_USED_MESSAGE } from '../../../shared/messages/booking-messages';
import { AppointmentFacts } from './appointment-facts';
import { CallUs, LinkPage, LinkRefused } from './link-page';
import { linkPageData } from './link-page-data';
import { RescheduleForm } from './reschedule-form';
import type { ComponentType } from 'react';

const TITLE = 'Move your appointment';

/** /appointments/reschedule?token=…: the appointment and the free times to move it to (issue #28.4). */
/** The booking feature's SlotPicker, handed in by the page: features do not import each other. */
export type PickerComponent = ComponentType<{
  id: string;
  legend: string;
  slots: readonly { startsAt: number; endsAt: number }[];
  hint?: string;
  error?: string;
}>;

export function RescheduleView({ pageData, SlotPicker }: { pageData: PageData | null; SlotPicker: PickerComponent }) {
  const data = linkPageData(pageData, 'appointment-reschedule');
  if (!data || data.state === 'refused' || data.state === 'cancel' || data.state === 'earlier')
    return <LinkRefused title={TITLE} message={data?.state === 'refused' ? data.message : LINK_USED_MESSAGE} />;
  if (data.state === 'done')
    return (
      <LinkPage title="Your appointment has moved" description="Your appointment has moved.">
        <p role="status">{`Your appointment ${data.reference} is now on ${data.startsAt ? formatLagosDateTime(lagosWallClockOf(data.startsAt)) : 'its new time'}.`}</p>
        <p>
          We have e-mailed you the new details, with new links to change or cancel it. The links in earlier e-mails no
          longer work.
        </p>
        <CallUs />
      </LinkPage>
    );
  const slots = data.taken ? data.taken.nearest : data.slots;
  return (
    <LinkPage title={TITLE} description="Choose a new time for your appointment.">
      <h2 className="app-appointment__heading">Your appointment now</h2>
      <AppointmentFacts appointment={data.appointment} />
      {data.taken ? (
        <div role="alert">
          <p>{data.taken.message}</p>
          <p>
            <a href={`${APPOINTMENT_LINK_PATHS.reschedule}${againQuery(data.token)}`}>See all the free times</a>
          </p>
        </div>
      ) : null}
      {slots.length ? (
        <RescheduleForm
          token={data.token}
          choose={data.choose}
          picker={(error) => (
            <SlotPicker
              id="reschedule-slot"
              legend="Choose a new time (Lagos time)"
              slots={slots}
              hint="Your current time stays yours until you move."
              error={error}
            />
          )}
        />
      ) : (
        <p>No other time is free in the next 14 days.</p>
      )}
      <CallUs />
    </LinkPage>
  );
}
