/**
 * The booking page's and the dashboard's appointment forms (issue #28.2, #28.7) as plain HTML posts: their names, the
 * query of the page a booked post is redirected to, and their messages. No schema here, so pages can read it without
 * shipping zod.
 */
export const BOOKING_FORM = 'booking';
/** 'Choose another time' and 'Cancel appointment' under Upcoming appointments on the dashboard. */
export const APPOINTMENT_LINK_FORM = 'appointment-link';

export const APPOINTMENT_ACTIONS = ['reschedule', 'cancel'] as const;
export type AppointmentAction = (typeof APPOINTMENT_ACTIONS)[number];

/** The booked page: /services/book-appointment?form=booking&sent=APT-…&at=<epoch ms>#booking-sent. */
export const BOOKED_AT_QUERY = 'at';
export const BOOKED_NOTICE_ID = 'booking-sent';

/** The hidden field that carries the nearest free times offered after a lost time (epoch ms, comma-separated). */
export const NEAREST_FIELD = 'nearest';

export const APPOINTMENT_CHANGED_MESSAGE =
  'This appointment was changed a moment ago. Reload the page and try again, or use the link in your latest e-mail.';

/** A box posts 'on' when ticked and nothing when not; the schema turns that into true or false. */
const tickBox = (value: string) => value || undefined;

/** The booking form's fields as bookSlotSchema takes them (without the bot check and the key), from either side. */
export const bookingInput = (field: (name: string) => string) => ({
  service: field('service'),
  slot: field('slot'),
  fullName: field('fullName'),
  email: field('email'),
  phone: field('phone'),
  message: field('message'),
  wantsEarlier: tickBox(field('wantsEarlier')),
  smsConsent: tickBox(field('smsConsent')),
  whatsappConsent: tickBox(field('whatsappConsent')),
});

/** The page's path after a booked post (Post/Redirect/Get): the reference and the start, shown as booked. */
export const bookedPath = (path: string, reference: string, startsAt: number) =>
  `${path}?form=${BOOKING_FORM}&sent=${encodeURIComponent(reference)}&${BOOKED_AT_QUERY}=${startsAt}#${BOOKED_NOTICE_ID}`;
