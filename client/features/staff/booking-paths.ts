/**
 * The staff app's booking pages (issue #28): who can be booked when (admins change it), and the front desk's day and
 * week. Here rather than in client/app/paths.ts: only the staff app links to them, and every public page loads that.
 */
export const staffBookingPaths = {
  availability: () => '/staff/availability',
  calendar: () => '/staff/calendar',
} as const;
