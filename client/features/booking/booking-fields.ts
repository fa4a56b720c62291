import type { FieldGroup } from '../../../shared/forms/field-spec';
import { contactDetails } from '../../../shared/forms/stored-form-fields';

/**
 * The booking form's fields after the time (issue #28.2): the appointment form's contact fields and consent boxes, its
 * Message, and the waitlist box.
 */
export const bookingFields: FieldGroup[] = [
  ...contactDetails,
  {
    kind: 'textarea',
    name: 'message',
    id: 'message',
    label: 'Message',
    hint: 'Briefly tell us the reason for your visit.',
    rows: 4,
    optional: true,
  },
  {
    kind: 'tick-box',
    name: 'wantsEarlier',
    id: 'wants-earlier',
    label: 'Tell me if an earlier time frees up',
    hint: 'We e-mail you if a time before yours frees up; the first patient to accept it gets it.',
  },
];

export const BOOKING_ID_PREFIX = 'booking';
