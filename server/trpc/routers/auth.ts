/**
 * Accounts (issue #5; spec sections 2, 4, 5, 8): sign-up with e-mail confirmation, log-in,
 * current session, log-out, password reset, data download and account deletion.
 * Texts the visitor sees come from the spec's error catalogue where it has one.
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import {
  confirmEmailSchema,
  deleteAccountSchema,
  emailOnlySchema,
  logInSchema,
  resetPasswordSchema,
  signUpSchema,
} from '../../../shared/schemas/auth';
import { authLimits, tooManyRequests, waitPhrase } from '../../auth/auth-limits';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../../auth/common-passwords';
import { clearSessionCookie, setSessionCookie } from '../../auth/cookies';
import { consumeEmailToken, issueEmailToken } from '../../auth/email-token';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../../auth/password';
import { createSession, generateSessionToken, invalidateSession, invalidateUserSessions } from '../../auth/session';
import { mailOutbox } from '../../data/mail-outbox';
import { sessions } from '../../data/sessions';
import { isUniqueViolation, users, type UserRow } from '../../data/users';
import type { Env } from '../../env';
import { maskEmail } from '../../logger';
import { enqueueMail } from '../../mail/mail-queue';
import { confirmationMail, passwordResetMail } from '../../mail/mail-templates';
import type { RequestContext } from '../context';
import { protectedProcedure, publicProcedure, router } from '../trpc';

export const ACCOUNT_EXISTS_MESSAGE = 'An account with this email already exists.';
export const SIGN_UP_FAILED_MESSAGE = 'Could not create your account. Please try again.';
export const INVALID_CREDENTIALS_MESSAGE = 'The email address or password is not correct.';
export const EMAIL_NOT_CONFIRMED_MESSAGE = 'Please confirm your email address before logging in. Use the link we sent you, or ask for a new one.';
export const RESEND_CONFIRMATION_MESSAGE = 'If that address has an account waiting for confirmation, we have sent a new link. Please check your email.';
export const RESET_REQUESTED_MESSAGE = 'If that address has an account, we have sent a link to reset the password. Please check your email.';
export const INVALID_CONFIRM_LINK_MESSAGE = 'This confirmation link is not valid or has expired. Log in and ask for a new one.';
export const INVALID_RESET_LINK_MESSAGE = 'This reset link is not valid or has expired. Please ask for a new one.';
export const WRONG_PASSWORD_MESSAGE = 'The password is not correct.';

/** Paths of the pages the e-mail links open (client/app/paths.ts builds the same ones). */
const CONFIRM_EMAIL_PATH = '/confirm-email';
const RESET_PASSWORD_PATH = '/reset-password';

const publicOrigin = (env: Env) => (env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : `http://localhost:${env.PORT}`);
const linkTo = (env: Env, path: string, token: string) => `${publicOrigin(env)}${path}?token=${token}`;

/** A field error in the same shape as zod's, so the form shows it by its field. */
function fieldError(field: string, message: string): TRPCError {
  // Built by a failing parse: a ZodError made with `new` is not an Error, and tRPC would wrap it.
  const cause = z.object({ [field]: z.custom(() => false, { error: message }) }).safeParse({ [field]: null }).error;
  return new TRPCError({ code: 'BAD_REQUEST', message, cause });
}

const refuseCommonPassword = (password: string) => {
  if (isCommonPassword(password)) throw fieldError('password', COMMON_PASSWORD_MESSAGE);
};

const accountView = (user: { email: string; fullName: string; role: string }) => ({ email: user.email, fullName: user.fullName, role: user.role });

async function startSession(ctx: RequestContext, userId: number) {
  // A new session at every log-in: a token planted before log-in is never promoted (no fixation).
  if (ctx.sessionId) await invalidateSession(ctx.db, ctx.sessionId);
  const token = generateSessionToken();
  const session = await createSession(ctx.db, token, userId);
  if (ctx.res) {
    setSessionCookie(ctx.res, ctx.env, token, session.expiresAt);
    ctx.res.setHeader('Cache-Control', 'no-store');
  }
  return { token, session };
}

/** Counts one mail to this address (per kind); refuses with 429 when one went out in the last minute. */
function limitMail(ctx: RequestContext, kind: string, email: string) {
  const verdict = authLimits(ctx.env).mailAddress.hit(`${kind}:${email.trim().toLowerCase()}`);
  if (!verdict.allowed) {
    tooManyRequests(ctx, verdict.retryAfterSeconds, `We have just sent an email to this address. Please wait ${verdict.retryAfterSeconds} seconds before asking for another.`);
  }
}

async function sendConfirmation(ctx: RequestContext, user: Pick<UserRow, 'id' | 'email' | 'full_name'>) {
  const token = await issueEmailToken(ctx.db, user.id, 'confirm_email');
  await enqueueMail(ctx.db, confirmationMail(user.email, user.full_name, linkTo(ctx.env, CONFIRM_EMAIL_PATH, token)));
}

export const authRouter = router({
  /** Spec: outcomes 'created' (toast Account Created!), 'exists' (unconfirmed), 'already-confirmed' (go to /login). */
  signUp: publicProcedure
    .use(({ ctx, next }) => {
      const verdict = authLimits(ctx.env).signUpIp.hit(ctx.clientIp);
      if (!verdict.allowed) tooManyRequests(ctx, verdict.retryAfterSeconds, `Too many sign-up attempts from your network. Please try again ${waitPhrase(verdict.retryAfterSeconds)}.`);
      return next();
    })
    .input(signUpSchema)
    .mutation(async ({ ctx, input }) => {
      const existing = await users.findByEmail(ctx.db, input.email);
      if (existing) return { status: existing.email_confirmed_at ? ('already-confirmed' as const) : ('exists' as const) };
      refuseCommonPassword(input.password);

      let user: UserRow;
      try {
        user = await users.create(ctx.db, { email: input.email, fullName: input.fullName, passwordHash: await hashPassword(input.password) });
      } catch (error) {
        // Two sign-ups for one address at the same moment: the second meets the unique index.
        if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: ACCOUNT_EXISTS_MESSAGE });
        throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: SIGN_UP_FAILED_MESSAGE, cause: error });
      }
      authLimits(ctx.env).mailAddress.hit(`confirm:${user.email.toLowerCase()}`);
      await sendConfirmation(ctx, user);
      ctx.logger.info('account created', { userId: user.id, email: maskEmail(user.email) });
      return { status: 'created' as const };
    }),

  confirmEmail: publicProcedure.input(confirmEmailSchema).mutation(async ({ ctx, input }) => {
    const userId = await consumeEmailToken(ctx.db, input.token, 'confirm_email');
    if (userId === null) throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_CONFIRM_LINK_MESSAGE });
    await users.markEmailConfirmed(ctx.db, userId);
    ctx.logger.info('email confirmed', { userId });
    return { status: 'confirmed' as const };
  }),

  /** Always the same answer, whether or not the address has an account waiting. */
  resendConfirmation: publicProcedure.input(emailOnlySchema).mutation(async ({ ctx, input }) => {
    limitMail(ctx, 'confirm', input.email);
    const user = await users.findByEmail(ctx.db, input.email);
    if (user && !user.email_confirmed_at) await sendConfirmation(ctx, user);
    return { message: RESEND_CONFIRMATION_MESSAGE };
  }),

  logIn: publicProcedure.input(logInSchema).mutation(async ({ ctx, input }) => {
    const limits = authLimits(ctx.env);
    const accountKey = input.email.toLowerCase();
    for (const verdict of [limits.loginAccount.check(accountKey), limits.loginIp.check(ctx.clientIp)]) {
      if (!verdict.allowed) {
        ctx.logger.info('log-in refused: too many failures', { email: maskEmail(input.email) });
        tooManyRequests(ctx, verdict.retryAfterSeconds, `Too many failed log-in attempts. Please try again ${waitPhrase(verdict.retryAfterSeconds)}.`);
      }
    }
    const user = await users.findByEmail(ctx.db, input.email);
    const passwordOk = user ? await verifyPassword(user.password_hash, input.password) : await verifyDummyPassword(input.password);
    if (!user || !passwordOk) {
      limits.loginAccount.hit(accountKey);
      limits.loginIp.hit(ctx.clientIp);
      throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS_MESSAGE });
    }
    // Only someone who knows the password learns that the address is unconfirmed.
    if (!user.email_confirmed_at) throw new TRPCError({ code: 'FORBIDDEN', message: EMAIL_NOT_CONFIRMED_MESSAGE });
    limits.loginAccount.reset(accountKey);
    await startSession(ctx, user.id);
    ctx.logger.info('logged in', { userId: user.id });
    return { user: accountView({ email: user.email, fullName: user.full_name, role: user.role }) };
  }),

  /** The current session's user, or null (no session is not an error). */
  me: publicProcedure.query(({ ctx }) => {
    ctx.res?.setHeader('Cache-Control', 'no-store');
    return { user: ctx.user ? accountView(ctx.user) : null };
  }),

  logOut: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.sessionId) await invalidateSession(ctx.db, ctx.sessionId);
    if (ctx.res) clearSessionCookie(ctx.res, ctx.env);
    return { status: 'logged-out' as const };
  }),

  /** Always the same neutral answer. */
  requestPasswordReset: publicProcedure.input(emailOnlySchema).mutation(async ({ ctx, input }) => {
    limitMail(ctx, 'reset', input.email);
    const user = await users.findByEmail(ctx.db, input.email);
    if (user) {
      const token = await issueEmailToken(ctx.db, user.id, 'reset_password');
      await enqueueMail(ctx.db, passwordResetMail(user.email, user.full_name, linkTo(ctx.env, RESET_PASSWORD_PATH, token)));
    }
    return { message: RESET_REQUESTED_MESSAGE };
  }),

  /** Sets the new password, ends every session of the account, and logs this browser in. */
  resetPassword: publicProcedure.input(resetPasswordSchema).mutation(async ({ ctx, input }) => {
    refuseCommonPassword(input.password);
    const userId = await consumeEmailToken(ctx.db, input.token, 'reset_password');
    const user = userId === null ? undefined : await users.findById(ctx.db, userId);
    if (!user) throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_RESET_LINK_MESSAGE });
    await users.setPasswordHash(ctx.db, user.id, await hashPassword(input.password));
    // The link proved the person reads this mailbox.
    await users.markEmailConfirmed(ctx.db, user.id);
    await invalidateUserSessions(ctx.db, user.id);
    authLimits(ctx.env).loginAccount.reset(user.email.toLowerCase());
    await startSession(ctx, user.id);
    ctx.logger.info('password reset', { userId: user.id });
    return { user: accountView({ email: user.email, fullName: user.full_name, role: user.role }) };
  }),

  /** Everything stored about the account, as one JSON document. */
  downloadMyData: protectedProcedure.query(async ({ ctx }) => {
    ctx.res?.setHeader('Cache-Control', 'no-store');
    const user = await users.findById(ctx.db, ctx.user.id);
    if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please log in to continue.' });
    const activeSessions = await sessions.listForUser(ctx.db, user.id);
    return {
      exportedAt: new Date().toISOString(),
      account: {
        fullName: user.full_name,
        email: user.email,
        role: user.role,
        createdAt: user.created_at,
        emailConfirmedAt: user.email_confirmed_at,
      },
      sessions: activeSessions.map((session) => ({ startedAt: session.created_at, expiresAt: new Date(session.expires_at).toISOString() })),
      notes: [
        'Your password is stored only as an Argon2id hash, which cannot be turned back into the password, so it is not included.',
        'Forms you sent us (appointments, service orders, trip plans, job applications, newsletter) are not linked to your account, so they are not part of this file. Contact us to ask for them.',
      ],
    };
  }),

  /** Removes the user, their sessions, tokens and queued e-mails. Needs the current password. */
  deleteAccount: protectedProcedure.input(deleteAccountSchema).mutation(async ({ ctx, input }) => {
    const user = await users.findById(ctx.db, ctx.user.id);
    if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please log in to continue.' });
    const limits = authLimits(ctx.env);
    const accountKey = user.email.toLowerCase();
    const verdict = limits.loginAccount.check(accountKey);
    if (!verdict.allowed) tooManyRequests(ctx, verdict.retryAfterSeconds, `Too many wrong passwords. Please try again ${waitPhrase(verdict.retryAfterSeconds)}.`);
    if (!(await verifyPassword(user.password_hash, input.password))) {
      limits.loginAccount.hit(accountKey);
      throw fieldError('password', WRONG_PASSWORD_MESSAGE);
    }
    await invalidateUserSessions(ctx.db, user.id);
    await mailOutbox.deleteForAddress(ctx.db, user.email);
    await users.delete(ctx.db, user.id);
    if (ctx.res) clearSessionCookie(ctx.res, ctx.env);
    ctx.logger.info('account deleted', { userId: user.id });
    return { status: 'deleted' as const };
  }),
});
