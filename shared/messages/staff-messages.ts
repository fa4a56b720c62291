/** Messages of the staff app and the patient's requests (issue #13): the server sends them, the pages show them. */
export const STAFF_ONLY_MESSAGE = 'This page is for staff only.';
/** The staff app is live (sockets, alerts): with scripts off it says so rather than "checking" for ever. */
export const STAFF_NEEDS_JAVASCRIPT_MESSAGE =
  "The staff app needs JavaScript. Turn it on in your browser's settings, then reload this page.";
export const ADMIN_ONLY_MESSAGE = 'Only an admin can do this.';
export const REQUEST_NOT_FOUND_MESSAGE = 'That request does not exist.';
export const REQUEST_CHANGED_MESSAGE = 'Someone else changed this request first. The page now shows its latest state.';
export const STATUS_MOVE_MESSAGE = (from: string, to: string) => `A request cannot go from '${from}' to '${to}'.`;
export const REOPEN_ONLY_CLOSED_MESSAGE = 'Only a Done or Cancelled request can be reopened.';
/** A bulk change refused as a whole (issue #29.7): it names the request that cannot move. */
export const BULK_MOVE_MESSAGE = (reference: string, from: string, to: string) =>
  `${reference} cannot go from '${from}' to '${to}'. Nothing was changed.`;
export const BULK_CONFIRM_APPOINTMENT_MESSAGE = (reference: string) =>
  `${reference} is an appointment: confirm it on its page, with its date and time. Nothing was changed.`;
export const OWNER_NOT_STAFF_MESSAGE = 'Choose an active staff member as the owner.';
export const PATIENT_CANNOT_CANCEL_MESSAGE = 'Only an appointment that is not yet confirmed can be cancelled here.';
export const CONFIRM_EMAIL_FIRST_MESSAGE = 'Confirm your email address to see your requests.';
export const STAFF_ACCOUNT_EXISTS_MESSAGE =
  'An account with this email address already exists. Change its role in the team list instead.';
export const NOT_A_STAFF_MEMBER_MESSAGE = 'That person is not a staff member.';
export const NOT_YOURSELF_MESSAGE = 'You cannot do this to your own account. Ask another admin.';
export const LAST_ADMIN_MESSAGE = 'There must always be at least one active admin.';
