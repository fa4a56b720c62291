/** Messages of appointment booking (issue #28): the server sends them, the pages show them. */
export const SLOT_TAKEN_MESSAGE =
  'Someone booked that time a moment before you. Your details are kept: choose one of the nearest free times.';
export const NO_SLOTS_LEFT_MESSAGE =
  'Someone booked that time a moment before you, and no other time is free in the next 14 days. Ask us for a time instead: your details are kept.';
export const SERVICE_NOT_BOOKABLE_MESSAGE = 'This service cannot be booked online yet. Ask us for a time instead.';
export const SLOT_NOT_OFFERED_MESSAGE = 'That time is not one of the free times. Choose a time from the list.';
export const LINK_USED_MESSAGE =
  'This link has already been used or has been replaced by a newer one. Use the link in your latest e-mail or text, or call us.';
export const APPOINTMENT_PAST_MESSAGE = 'This appointment has already started, so it cannot be changed here. Call us.';
export const APPOINTMENT_CANCELLED_MESSAGE = 'This appointment is cancelled.';
export const OFFER_GONE_MESSAGE = 'Someone else took that earlier time first. Your appointment is unchanged.';
export const BOOKING_NOT_FOUND_MESSAGE = 'That appointment does not exist.';
export const CLINICIAN_NOT_FOUND_MESSAGE = 'That clinician does not exist.';
export const PATIENT_BOOKING_CANCEL_REASON = 'Cancelled by the patient with the link in their confirmation.';
