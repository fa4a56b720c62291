/**
 * 'Upcoming appointments' under My requests (issue #28.7): each booked time that has not started, with its service,
 * day and time in Lagos, clinician, and the video link or the address. 'Choose another time' and 'Cancel appointment'
 * are plain POST forms, with or without JavaScript: the server checks the booking is the patient's, issues a fresh
 * single-use link and answers 303 to its page (server/forms/native-booking-posts.ts).
 */
import { formatSlotDay, formatSlotTime, lagosDateOf } from '../../../shared/booking/free-slots';
import { APPOINTMENT_LINK_FORM, type AppointmentAction } from '../../../shared/forms/booking-forms';
import { FORM_NAME_FIELD } from '../../../shared/forms/form-post';
import { useSubmissionErrors } from '../../components/form/use-submission-errors';

export type UpcomingAppointment = {
  id: number;
  reference: string;
  service: string;
  startsAt: number;
  clinician: string;
  videoLink: string | null;
  address: string | null;
};

const whenOf = (startsAt: number) => `${formatSlotDay(lagosDateOf(startsAt))} at ${formatSlotTime(startsAt)}`;

function LinkButton({
  appointment,
  action,
  label,
}: {
  appointment: UpcomingAppointment;
  action: AppointmentAction;
  label: string;
}) {
  return (
    <form method="post">
      <input type="hidden" name={FORM_NAME_FIELD} value={APPOINTMENT_LINK_FORM} />
      <input type="hidden" name="id" value={appointment.id} />
      <input type="hidden" name="action" value={action} />
      <button
        type="submit"
        className={`app-button ${action === 'cancel' ? 'app-button--danger' : 'app-button--secondary'}`}
      >
        {label}
        <span className="app-visually-hidden">
          {' '}
          {appointment.reference}, {whenOf(appointment.startsAt)}
        </span>
      </button>
    </form>
  );
}

/** A refused 'Choose another time' or 'Cancel appointment' post (not the patient's, say): its message. */
export function AppointmentLinkRefused() {
  const refused = useSubmissionErrors(APPOINTMENT_LINK_FORM);
  return refused?.summary[0] ? <p role="alert">{refused.summary[0].message}</p> : null;
}

export function UpcomingAppointments({ appointments }: { appointments: readonly UpcomingAppointment[] }) {
  if (appointments.length === 0) return null;
  return (
    // Not a landmark of its own: the dashboard's sample card is the region named 'Upcoming Appointments' (spec).
    <div className="app-dashboard__appointments" id="upcoming-appointments">
      <h3 id="upcoming-appointments-heading">Upcoming appointments</h3>
      <ul className="app-dashboard__request-list">
        {appointments.map((appointment) => (
          <li key={appointment.id} id={`appointment-${appointment.id}`} className="app-dashboard__request-item">
            <h4>{appointment.service}</h4>
            <dl className="app-dashboard__facts">
              <div>
                <dt>When (Lagos time)</dt>
                <dd>{whenOf(appointment.startsAt)}</dd>
              </div>
              <div>
                <dt>Clinician</dt>
                <dd>{appointment.clinician}</dd>
              </div>
              {appointment.videoLink ? (
                <div>
                  <dt>Video link</dt>
                  <dd>
                    <a href={appointment.videoLink} className="app-dashboard__email">
                      {appointment.videoLink}
                    </a>
                  </dd>
                </div>
              ) : (
                <div>
                  <dt>Address</dt>
                  <dd>{appointment.address}</dd>
                </div>
              )}
              <div>
                <dt>Reference</dt>
                <dd>{appointment.reference}</dd>
              </div>
            </dl>
            <div className="app-dashboard__actions">
              <LinkButton appointment={appointment} action="reschedule" label="Choose another time" />
              <LinkButton appointment={appointment} action="cancel" label="Cancel appointment" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
