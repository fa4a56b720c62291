import { useLocation } from 'wouter';
import { APPOINTMENT_LINK_PATHS } from '../../shared/forms/appointment-links';
import type { PageData } from '../../shared/render-result';
import { CancelView } from '../features/appointments/cancel-view';
import { EarlierView } from '../features/appointments/earlier-view';
import { linkPageData } from '../features/appointments/link-page-data';
import { RescheduleView } from '../features/appointments/reschedule-view';
import { SlotPicker } from '../features/booking/slot-picker';
import { PageStatus } from '../layout/page-status';

/**
 * /appointments/reschedule, /cancel and /earlier (issue #28.4, #28.6): one page module for the three link pages, so
 * the shell every page loads lists one chunk for them, not three. A used or unknown link answers 404, a refusal its
 * own status (a gone offer 409, a past appointment 410).
 */
export default function AppointmentLinkPage({ pageData }: { pageData: PageData | null }) {
  const [path] = useLocation();
  const page =
    path === APPOINTMENT_LINK_PATHS.cancel
      ? 'appointment-cancel'
      : path === APPOINTMENT_LINK_PATHS.earlier
        ? 'appointment-earlier'
        : 'appointment-reschedule';
  const data = linkPageData(pageData, page);
  const status = !data ? 404 : data.state === 'refused' ? data.status : 200;
  return (
    <>
      <PageStatus status={status} noindex />
      {page === 'appointment-cancel' ? (
        <CancelView pageData={pageData} />
      ) : page === 'appointment-earlier' ? (
        <EarlierView pageData={pageData} />
      ) : (
        <RescheduleView pageData={pageData} SlotPicker={SlotPicker} />
      )}
    </>
  );
}
