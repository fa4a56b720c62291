/** Server-only (*.server): the live booking form, rendered into the HTML by the booking page's island. */
export { BookingForm } from './booking-form';
