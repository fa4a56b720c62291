/**
 * The account forms that also work as plain HTML posts (issue #15): their names (the island id on their page, or the
 * form's own name on the dashboard) and what the page a successful post is redirected to says, in the same words as
 * the toast the enhanced form shows. One table for the server (which redirects) and the client (which shows it).
 */
import { ACCOUNT_EXISTS_MESSAGE, RESET_REQUESTED_MESSAGE } from '../messages/auth-messages';

export const ACCOUNT_FORM = {
  logIn: 'login',
  signUp: 'signup',
  forgotPassword: 'forgot-password',
  resetPassword: 'reset-password',
  confirmEmail: 'confirm-email',
  deleteAccount: 'delete-account',
  cancelRequest: 'cancel-request',
  messageConsent: 'message-consent',
} as const;

export type AccountFormName = (typeof ACCOUNT_FORM)[keyof typeof ACCOUNT_FORM];

export const isAccountFormName = (name: string): name is AccountFormName =>
  (Object.values(ACCOUNT_FORM) as string[]).includes(name);

export type AccountNotice = {
  title: string;
  description: string;
  /** The page a plain post that did this is redirected to. */
  page: string;
};

export const DASHBOARD_PAGE = '/dashboard';
/** The account's data as a JSON file (GET, the session's own): the download works without JavaScript. */
export const MY_DATA_PATH = '/dashboard/my-data.json';
export const LOG_IN_PAGE = '/login';

/** `?form=NAME&sent=OUTCOME` → the notice. Only these pairs are ever shown: the query cannot inject text. */
export const accountNotices: Record<string, AccountNotice> = {
  'signup:created': {
    page: '/signup',
    title: 'Account Created!',
    description: 'Please check your email to confirm your account.',
  },
  'signup:already-confirmed': {
    page: LOG_IN_PAGE,
    title: 'Account Already Confirmed',
    description: 'Your account is already confirmed. You can log in now.',
  },
  'forgot-password:sent': {
    page: '/forgot-password',
    title: 'Check your email',
    description: `${RESET_REQUESTED_MESSAGE} The link works for 1 hour. If nothing arrives in a few minutes, check your spam folder.`,
  },
  'confirm-email:confirmed': {
    page: '/confirm-email',
    title: 'Email Confirmed',
    description: 'Your email address is confirmed. You can log in now.',
  },
  'reset-password:changed': {
    page: DASHBOARD_PAGE,
    title: 'Password Changed',
    description: 'Your new password is set and you are logged in.',
  },
  // The header's log-out button is always a plain post (the dashboard's Logout too, without JavaScript).
  'logout:done': {
    page: '/',
    title: 'Logged Out',
    description: 'You have been logged out.',
  },
  'delete-account:deleted': {
    page: '/',
    title: 'Account Deleted',
    description: 'Your account has been deleted and you have been logged out.',
  },
  'cancel-request:cancelled': {
    page: DASHBOARD_PAGE,
    title: 'Appointment cancelled',
    description: 'We have emailed you a confirmation.',
  },
};

export const accountNoticeFor = (form: string | null, outcome: string | null): AccountNotice | null =>
  (form && outcome && accountNotices[`${form}:${outcome}`]) || null;

/** The logout notice: the plain post's page shows it, the enhanced Logout button's toast says the same. */
export const LOGGED_OUT_NOTICE = accountNotices['logout:done']!;

/** The notice's element id, which the redirect's #fragment points at. */
export const ACCOUNT_NOTICE_ID = 'form-notice';

/** The sign-up toast for an address that already has an unconfirmed account, as one line. */
export const ACCOUNT_EXISTS_NOTICE = `Account Exists: ${ACCOUNT_EXISTS_MESSAGE} Please try logging in or use a different email.`;

/** The dashboard's query that opens a confirmation step without JavaScript: ?confirm=delete, ?cancel=ID. */
export const DASHBOARD_STEP_QUERY = { deleteAccount: 'confirm', cancelRequest: 'cancel' } as const;
