/** One line of a request's history, as staff read it on the request's page. */
import { formatLagosDateTime } from '../../../../shared/lagos-date';
import { requestStatusLabels, type RequestStatus } from '../../../../shared/requests';

export type RequestEventView = {
  kind: string;
  fromStatus: RequestStatus | null;
  toStatus: RequestStatus | null;
  ownerName: string | null;
  body: string | null;
};

/** Ends a sentence with one full stop: a reason may end with its own ('Cancelled by the patient.'). */
const sentence = (text: string) => (/[.!?…]$/.test(text.trimEnd()) ? text.trimEnd() : `${text.trimEnd()}.`);

export function describeRequestEvent(event: RequestEventView): string {
  switch (event.kind) {
    case 'created':
      return 'Request received.';
    case 'assigned':
      return event.ownerName ? `Assigned to ${event.ownerName}.` : 'Unassigned.';
    case 'status': {
      const to = event.toStatus ? requestStatusLabels[event.toStatus] : '';
      const from = event.fromStatus ? requestStatusLabels[event.fromStatus] : '';
      // A booked time moved (issue #28.4): the status stays Confirmed, the time changes.
      if (event.fromStatus === 'confirmed' && event.toStatus === 'confirmed' && event.body)
        return `Moved to ${formatLagosDateTime(event.body)}.`;
      const change = `Status ${from} → ${to}`;
      if (event.toStatus === 'confirmed' && event.body) return `${change} for ${formatLagosDateTime(event.body)}.`;
      if (event.toStatus === 'cancelled' && event.body) return `${change}. Reason: ${sentence(event.body)}`;
      return `${change}.`;
    }
    case 'note':
      return 'Internal note:';
    case 'message':
      return 'Message to the patient:';
    default:
      return event.kind;
  }
}
