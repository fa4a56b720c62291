import { describe, expect, it } from 'vitest';
import { PATIENT_CANCEL_REASON } from '../../../../../shared/requests';
import {
  describeRequestEvent,
  type RequestEventView,
} from '../../../../../client/features/staff/request/request-event-text';

const statusChange = (toStatus: RequestEventView['toStatus'], body: string | null): RequestEventView => ({
  kind: 'status',
  fromStatus: 'new',
  toStatus,
  ownerName: null,
  body,
});

describe("a request's history line", () => {
  it('ends a cancellation reason with one full stop, whether or not the reason has one (issue #23)', () => {
    expect(describeRequestEvent(statusChange('cancelled', PATIENT_CANCEL_REASON))).toBe(
      'Status New → Cancelled. Reason: Cancelled by the patient.',
    );
    expect(describeRequestEvent(statusChange('cancelled', 'Doctor unavailable'))).toBe(
      'Status New → Cancelled. Reason: Doctor unavailable.',
    );
    expect(describeRequestEvent(statusChange('cancelled', 'Duplicate request!'))).toBe(
      'Status New → Cancelled. Reason: Duplicate request!',
    );
    expect(describeRequestEvent(statusChange('cancelled', null))).toBe('Status New → Cancelled.');
  });

  it('says the other changes in one sentence each', () => {
    expect(describeRequestEvent(statusChange('in_progress', null))).toBe('Status New → In progress.');
    expect(describeRequestEvent({ ...statusChange(null, null), kind: 'assigned', ownerName: 'Ada Obi' })).toBe(
      'Assigned to Ada Obi.',
    );
  });
});
