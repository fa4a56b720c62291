/**
 * A request's status in the patient's words (issue #29.8), for 'My requests' on the dashboard: what we are doing with
 * it, not our workflow's names. Confirmed appointments carry their Lagos time with the weekday.
 */
import { formatLagosShort } from './lagos-date';
import type { RequestStatus, RequestType } from './requests';

type PatientRequest = { type: RequestType; status: RequestStatus; confirmedFor: string | null };

/** Each status as the patient reads it; 'confirmed' is built from the confirmed time when there is one. */
export const patientStatusWords = {
  new: 'We have your request',
  in_progress: 'We are working on your request',
  confirmed: (confirmedFor: string | null) =>
    confirmedFor ? `Confirmed for ${formatLagosShort(confirmedFor)}` : 'Confirmed',
  done: { appointment: 'Your appointment has taken place', other: 'Completed' },
  cancelled: 'Cancelled',
} as const satisfies Record<RequestStatus, unknown>;

export function patientRequestStatus(request: PatientRequest): string {
  switch (request.status) {
    case 'confirmed':
      return patientStatusWords.confirmed(request.confirmedFor);
    case 'done':
      return request.type === 'appointment' ? patientStatusWords.done.appointment : patientStatusWords.done.other;
    default:
      return patientStatusWords[request.status];
  }
}
