/**
 * The account forms as plain HTML posts (issue #15): sign-up, log-in, forgot and reset password, e-mail confirmation,
 * and on the dashboard account deletion, cancelling an appointment and turning texts to a number on or off. Each
 * checks with the form's shared schema and calls the same tRPC procedure as the enhanced form, so limits, lock-outs,
 * session cookies and messages are the same.
 * Passwords are never sent back into the page.
 */
import { TRPCError } from '@trpc/server';
import {
  ACCOUNT_EXISTS_NOTICE,
  ACCOUNT_FORM,
  ACCOUNT_NOTICE_ID,
  DASHBOARD_PAGE,
  LOG_IN_PAGE,
  accountNotices,
  type AccountFormName,
} from '../../shared/forms/account-forms';
import { safeNextPath } from '../../shared/safe-next-path';
import {
  emailOnlySchema,
  deleteAccountSchema,
  logInSchema,
  resetPasswordFormSchema,
  signUpFormSchema,
} from '../../shared/schemas/auth';
import { PHONE_UPDATES_NOTICE_ID, messageConsentOutcome } from '../../shared/forms/message-consent-notices';
import { requestIdSchema } from '../../shared/requests';
import { messageConsentChangeSchema } from '../../shared/schemas/message-consent';
import {
  doneAt,
  fieldErrorsOf,
  refusal,
  type NativePostDeps,
  type NativePostOutcome,
  type PostedForm,
} from './native-post-answers';

type AccountPost = (deps: NativePostDeps, form: PostedForm) => Promise<NativePostOutcome>;

/** Post/Redirect/Get: the page the notice table names for this form and outcome, at the notice. */
const done = (form: PostedForm, outcome: string) =>
  doneAt(accountNotices[`${form.name}:${outcome}`]!.page, form.name, outcome, ACCOUNT_NOTICE_ID);

/** The ?token= of the e-mail link the page was opened with (the form posts back to that address). */
const linkToken = (form: PostedForm) => (typeof form.req.query.token === 'string' ? form.req.query.token : '');

/** A dashboard form posted without a live session (it ended, or the account was deleted elsewhere): log in again. */
const logInAgain = (error: unknown): NativePostOutcome | null =>
  error instanceof TRPCError && error.code === 'UNAUTHORIZED'
    ? { kind: 'redirect', location: `${LOG_IN_PAGE}?next=${encodeURIComponent(DASHBOARD_PAGE)}` }
    : null;

export const accountFormPosts: Record<AccountFormName, AccountPost> = {
  /** Success sets the session cookie and goes to ?next= (a path on this site) or the dashboard. */
  [ACCOUNT_FORM.logIn]: async ({ callerFor, logger }, form) => {
    const input = { email: form.field('email'), password: form.field('password') };
    const values = { email: input.email };
    const parsed = logInSchema.safeParse(input);
    if (!parsed.success) return form.page(400, fieldErrorsOf(parsed.error), values);
    try {
      await (await callerFor(form.req, form.res)).auth.logIn(input);
      const url = form.req.originalUrl;
      return {
        kind: 'redirect',
        location: safeNextPath(url.includes('?') ? url.slice(url.indexOf('?')) : '', DASHBOARD_PAGE),
      };
    } catch (error) {
      return refusal(form, error, logger, values);
    }
  },

  /** Confirm Password is checked here as in the browser; it is never sent to the procedure. */
  [ACCOUNT_FORM.signUp]: async ({ callerFor, logger }, form) => {
    const input = {
      fullName: form.field('fullName'),
      email: form.field('email'),
      password: form.field('password'),
      confirmPassword: form.field('confirmPassword'),
    };
    const values = { fullName: input.fullName, email: input.email };
    const parsed = signUpFormSchema.safeParse(input);
    if (!parsed.success) return form.page(400, fieldErrorsOf(parsed.error), values);
    try {
      const { status } = await (
        await callerFor(form.req, form.res)
      ).auth.signUp({
        fullName: input.fullName,
        email: input.email,
        password: input.password,
      });
      if (status === 'exists') return form.page(409, { message: ACCOUNT_EXISTS_NOTICE }, values);
      return done(form, status);
    } catch (error) {
      return refusal(form, error, logger, values);
    }
  },

  /** The same answer whether or not the address has an account. */
  [ACCOUNT_FORM.forgotPassword]: async ({ callerFor, logger }, form) => {
    const input = { email: form.field('email') };
    const parsed = emailOnlySchema.safeParse(input);
    if (!parsed.success) return form.page(400, fieldErrorsOf(parsed.error), input);
    try {
      await (await callerFor(form.req, form.res)).auth.requestPasswordReset(input);
      return done(form, 'sent');
    } catch (error) {
      return refusal(form, error, logger, input);
    }
  },

  /** Sets the password, ends the account's other sessions and signs this browser in (cookie), then the dashboard. */
  [ACCOUNT_FORM.resetPassword]: async ({ callerFor, logger }, form) => {
    const input = { password: form.field('password'), confirmPassword: form.field('confirmPassword') };
    const parsed = resetPasswordFormSchema.safeParse(input);
    if (!parsed.success) return form.page(400, fieldErrorsOf(parsed.error));
    try {
      await (
        await callerFor(form.req, form.res)
      ).auth.resetPassword({ token: linkToken(form), password: input.password });
      return done(form, 'changed');
    } catch (error) {
      return refusal(form, error, logger);
    }
  },

  /** A button press, never the page load, uses up the token (mail scanners open links). */
  [ACCOUNT_FORM.confirmEmail]: async ({ callerFor, logger }, form) => {
    try {
      await (await callerFor(form.req, form.res)).auth.confirmEmail({ token: linkToken(form) });
      return done(form, 'confirmed');
    } catch (error) {
      return refusal(form, error, logger);
    }
  },

  /** Needs the current password; the session cookie is cleared by the procedure. */
  [ACCOUNT_FORM.deleteAccount]: async ({ callerFor, logger }, form) => {
    const input = { password: form.field('password') };
    const parsed = deleteAccountSchema.safeParse(input);
    if (!parsed.success) return form.page(400, fieldErrorsOf(parsed.error));
    try {
      await (await callerFor(form.req, form.res)).auth.deleteAccount(input);
      return done(form, 'deleted');
    } catch (error) {
      return logInAgain(error) ?? refusal(form, error, logger);
    }
  },

  /** 'Yes, cancel it' on the dashboard's confirmation step (?cancel=ID). */
  [ACCOUNT_FORM.cancelRequest]: async ({ callerFor, logger }, form) => {
    const parsed = requestIdSchema.safeParse({ id: Number(form.field('id')) });
    if (!parsed.success) return form.page(400, fieldErrorsOf(parsed.error));
    try {
      await (await callerFor(form.req, form.res)).patient.cancelRequest(parsed.data);
      return done(form, 'cancelled');
    } catch (error) {
      return logInAgain(error) ?? refusal(form, error, logger);
    }
  },

  /** 'Turn on' or 'Turn off' beside a number's SMS or WhatsApp under 'Updates on your phone'. */
  [ACCOUNT_FORM.messageConsent]: async ({ callerFor, logger }, form) => {
    const parsed = messageConsentChangeSchema.safeParse({
      phoneE164: form.field('phoneE164'),
      channel: form.field('channel'),
      on: form.field('on') === 'on',
    });
    if (!parsed.success) return form.page(400, fieldErrorsOf(parsed.error));
    try {
      await (await callerFor(form.req, form.res)).patient.setMessageConsent(parsed.data);
      const outcome = messageConsentOutcome(parsed.data.channel, parsed.data.on);
      return doneAt(DASHBOARD_PAGE, form.name, outcome, PHONE_UPDATES_NOTICE_ID);
    } catch (error) {
      return logInAgain(error) ?? refusal(form, error, logger);
    }
  },
};
