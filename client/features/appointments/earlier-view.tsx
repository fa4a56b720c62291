import type { PageData } from '../../../shared/render-result';
import { lagosWallClockOf } from '../../../shared/booking/free-slots';
import { formatLagosDateTime } from '../../../shared/lagos-date';
import { LINK_USED_MESSAGE } from '../../../shared/messages/booking-messages';
import { AppointmentFacts } from './appointment-facts';
import { EarlierForm } from './earlier-form';
import { CallUs, LinkPage, LinkRefused } from './link-page';
import { linkPageData } from './link-page-data';

const TITLE = 'An earlier time is free';

/** /appointments/earlier?token=…: a waitlist offer, the offered time against the current one (issue #28.6). */
export function EarlierView({ pageData }: { pageData: PageData | null }) {
  const data = linkPageData(pageData, 'appointment-earlier');
  if (data?.state === 'done')
    return (
      <LinkPage title="You have the earlier time" description="Your appointment has moved to the earlier time.">
        <p role="status">{`Your appointment ${data.reference} is now on ${data.startsAt ? formatLagosDateTime(lagosWallClockOf(data.startsAt)) : 'the earlier time'}.`}</p>
        <p>
          We have e-mailed you the new details, with new links to change or cancel it. The links in earlier e-mails no
          longer work.
        </p>
        <CallUs />
      </LinkPage>
    );
  if (data?.state !== 'earlier')
    return <LinkRefused title={TITLE} message={data?.state === 'refused' ? data.message : LINK_USED_MESSAGE} />;
  return (
    <LinkPage title={TITLE} description="Take an earlier time for your appointment.">
      <div className="app-appointment__compare">
        <div>
          <h2 className="app-appointment__heading">Earlier time offered</h2>
          <p>
            <strong>{formatLagosDateTime(data.offered.when)}</strong>
          </p>
          <p>The first person to take it gets it.</p>
        </div>
        <div>
          <h2 className="app-appointment__heading">Your appointment now</h2>
          <AppointmentFacts appointment={data.appointment} />
        </div>
      </div>
      <EarlierForm token={data.token} />
      <p>If you do nothing, your appointment stays as it is.</p>
      <CallUs />
    </LinkPage>
  );
}
