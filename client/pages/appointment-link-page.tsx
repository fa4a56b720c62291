import { useLocation } from 'wouter';
import { APPOINTMENT_LINK_PATHS } from '../../shared/forms/appointment-links';
import type { PageData } from '../../shared/render-result';
import { CancelView } from '../features/appointments/cancel-view';
import { EarlierView } from '../features/appointments/earlier-view';
import { RescheduleView } from '../features/appointments/reschedule-view';
import { SlotPicker } from '../features/booking/slot-picker';

/**
 * /appointments/reschedule, /cancel and /earlier (issue #28.4, #28.6): one page module for the three link pages, so
 * the shell every page loads lists one chunk for them, not three.
 */
export default function AppointmentLinkPage({ pageData }: { pageData: PageData | null }) {
  const [path] = useLocation();
  if (path === APPOINTMENT_LINK_PATHS.cancel) return <CancelView pageData={pageData} />;
  if (path === APPOINTMENT_LINK_PATHS.earlier) return <EarlierView pageData={pageData} />;
  return <RescheduleView pageData={pageData} SlotPicker={SlotPicker} />;
}
