import type { PageData } from '../../../shared/render-result';
import { LINK_USED_MESSAGE } from '../../../shared/messages/booking-messages';
import { paths } from '../../app/paths';
import { AppointmentFacts } from './appointment-facts';
import { CancelForm } from './cancel-form';
import { CallUs, LinkPage, LinkRefused } from './link-page';
import { linkPageData } from './link-page-data';

const TITLE = 'Cancel your appointment';

/** /appointments/cancel?token=…: the appointment and 'Cancel my appointment' (issue #28.4). */
export function CancelView({ pageData }: { pageData: PageData | null }) {
  const data = linkPageData(pageData, 'appointment-cancel');
  if (data?.state === 'done')
    return (
      <LinkPage title="Your appointment is cancelled" description="Your appointment is cancelled.">
        <p role="status">{`Your appointment ${data.reference} is cancelled. We have e-mailed you a confirmation.`}</p>
        <p>
          To book again, <a href={paths.bookAppointment()}>book an appointment</a> on our website, or call us.
        </p>
        <CallUs />
      </LinkPage>
    );
  if (data?.state !== 'cancel')
    return <LinkRefused title={TITLE} message={data?.state === 'refused' ? data.message : LINK_USED_MESSAGE} />;
  return (
    <LinkPage title={TITLE} description="Cancel your appointment.">
      <AppointmentFacts appointment={data.appointment} />
      <p>If you cancel, the time is freed for someone else. You can book again at any time.</p>
      <CancelForm token={data.token} />
      <CallUs />
    </LinkPage>
  );
}
