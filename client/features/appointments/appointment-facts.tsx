import type { LinkAppointment } from '../../../shared/forms/appointment-links';
import { formatLagosDateTime } from '../../../shared/lagos-date';

/** The appointment a link names: service, day and time in Lagos, clinician, and the address or the video link. */
export function AppointmentFacts({
  appointment,
  timeLabel = 'When',
}: {
  appointment: LinkAppointment;
  timeLabel?: string;
}) {
  return (
    <dl className="app-appointment__facts">
      <div>
        <dt>Reference</dt>
        <dd>{appointment.reference}</dd>
      </div>
      <div>
        <dt>Service</dt>
        <dd>{appointment.service}</dd>
      </div>
      <div>
        <dt>{timeLabel}</dt>
        <dd>{formatLagosDateTime(appointment.when)}</dd>
      </div>
      <div>
        <dt>Clinician</dt>
        <dd>{appointment.clinician}</dd>
      </div>
      {appointment.videoLink ? (
        <div>
          <dt>Video link</dt>
          <dd>
            <a href={appointment.videoLink}>{appointment.videoLink}</a>
          </dd>
        </div>
      ) : (
        <div>
          <dt>Where</dt>
          <dd>{appointment.address}</dd>
        </div>
      )}
    </dl>
  );
}
