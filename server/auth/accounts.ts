/**
 * Account actions behind the auth router (issues #5, #11): the router parses input and returns
 * a small view; the limits, the hashing queue, sessions and the audit log are handled here.
 * Every limit is reserved before the password is checked, so calls in flight together cannot
 * all slip past it (issue #11: 599 wrong passwords in one batch were all checked).
 */
import { TRPCError } from '@trpc/server';
import type { Request, Response } from 'express';
import { z } from 'zod';
import {
  ACCOUNT_EXISTS_MESSAGE,
  AUTH_BUSY_MESSAGE,
  EMAIL_NOT_CONFIRMED_MESSAGE,
  INVALID_CONFIRM_LINK_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_RESET_LINK_MESSAGE,
  LOG_IN_REQUIRED_MESSAGE,
  SIGN_UP_FAILED_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  mailTooSoonMessage,
  tooManyLogInsMessage,
  tooManyResetRequestsMessage,
  tooManySignUpsMessage,
  tooManyWrongPasswordsMessage,
} from '../../shared/messages/auth-messages';
import { isUniqueViolation, users, type UserRow } from '../data/users';
import type { Env } from '../env';
import { tooManyRequests } from '../http/too-many-requests';
import { maskEmail } from '../logger';
import { confirmationMail, passwordResetMail, staffInvitationMail } from '../mail/mail-templates';
import { STAFF_ACCOUNT_EXISTS_MESSAGE } from '../../shared/messages/staff-messages';
import type { AppServices } from '../services';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords';
import { clearSessionCookie, setSessionCookie } from './cookies';
import { consumeEmailToken, issueEmailToken, peekEmailToken } from './email-token';
import { clearLockout, recordLockout, refuseWhileLockedOut, type LockoutSubject } from './login-lockouts';
import { HashingBusyError } from './password-hasher';
import { publicOrigin } from '../http/public-origin';
import { markExpectedRefusal } from '../http/request-log';
import { createSession, generateSessionToken, invalidateSession, invalidateUserSessions } from './session';
import type { RequestSession } from './session-middleware';

/** The app's services and who is asking: the tRPC context is one, POST /logout builds another. */
export type AccountContext = AppServices & RequestSession & { clientIp: string; req?: Request; res?: Response };

/** Paths of the pages the e-mail links open (client/app/paths.ts builds the same ones). */
const CONFIRM_EMAIL_PATH = '/confirm-email';
const RESET_PASSWORD_PATH = '/reset-password';
const STAFF_WELCOME_PATH = '/staff/welcome';

const linkTo = (env: Env, path: string, token: string) => `${publicOrigin(env)}${path}?token=${token}`;
const accountKey = (email: string) => email.trim().toLowerCase();
const isStaff = (role: string) => role === 'agent' || role === 'admin';

const accountLockout = (ctx: AccountContext, key: string): LockoutSubject => ({
  scope: 'account',
  key,
  limiter: ctx.authLimits.loginAccount,
  limitName: 'login-account',
});
const ipLockout = (ctx: AccountContext): LockoutSubject => ({
  scope: 'ip',
  key: ctx.clientIp,
  limiter: ctx.authLimits.loginIp,
  limitName: 'login-ip',
});

/** A field error in the same shape as zod's, so the form shows it by its field. */
function fieldError(field: string, message: string): TRPCError {
  // Built by a failing parse: a ZodError made with `new` is not an Error, and tRPC would wrap it.
  const cause = z.object({ [field]: z.custom(() => false, { error: message }) }).safeParse({ [field]: null }).error;
  return new TRPCError({ code: 'BAD_REQUEST', message, cause });
}

const refuseCommonPassword = (password: string) => {
  if (isCommonPassword(password)) throw fieldError('password', COMMON_PASSWORD_MESSAGE);
};

/** Runs argon2 work through the app's bounded queue; a full queue answers 503 with Retry-After. */
async function hashing<T>(ctx: AccountContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof HashingBusyError)) throw error;
    ctx.res?.setHeader('Retry-After', String(error.retryAfterSeconds));
    // Expected under a burst: counted on one warn line per second, not an error line per request (issue #24).
    ctx.hashingRefusals.note(ctx.passwords.stats());
    markExpectedRefusal(ctx.res);
    throw new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: AUTH_BUSY_MESSAGE,
      cause: { retryAfterSeconds: error.retryAfterSeconds },
    });
  }
}

async function startSession(ctx: AccountContext, user: Pick<UserRow, 'id' | 'role'>) {
  // A new session at every log-in: a token planted before log-in is never promoted (no fixation).
  if (ctx.sessionId) await invalidateSession(ctx.db, ctx.sessionId, ctx.sessionEvents);
  const token = generateSessionToken();
  const session = await createSession(ctx.db, token, user.id, user.role);
  if (ctx.res) {
    setSessionCookie(ctx.res, ctx.env, token, session.expiresAt);
    ctx.res.setHeader('Cache-Control', 'no-store');
  }
  // A visitor chatting before they logged in continues as this patient (issue #14). Announced once the response (and
  // its Set-Cookie) has gone, so the widget's reconnect carries the new session.
  const announce = () => ctx.sessionEvents.signedIn(user.id, ctx.req?.headers.cookie);
  if (ctx.res) ctx.res.once('finish', announce);
  else announce();
}

/** Counts one mail to this address (per kind); refuses with 429 when one went out in the last minute. */
async function limitMail(ctx: AccountContext, kind: string, email: string) {
  const verdict = await ctx.authLimits.mailAddress.hit(`${kind}:${accountKey(email)}`);
  if (!verdict.allowed) tooManyRequests(ctx.res, verdict, 'mail', mailTooSoonMessage(verdict.retryAfterSeconds));
}

async function sendConfirmation(ctx: AccountContext, user: Pick<UserRow, 'id' | 'email' | 'full_name'>) {
  const token = await issueEmailToken(ctx.db, user.id, 'confirm_email');
  await ctx.mail.enqueue(confirmationMail(user.email, user.full_name, linkTo(ctx.env, CONFIRM_EMAIL_PATH, token)));
}

export const accounts = {
  /** Counted before anything else, so parallel sign-ups from one network stop at the limit. */
  async limitSignUp(ctx: AccountContext) {
    const verdict = await ctx.authLimits.signUpIp.hit(ctx.clientIp);
    if (!verdict.allowed)
      tooManyRequests(ctx.res, verdict, 'signup-ip', tooManySignUpsMessage(verdict.retryAfterSeconds));
  },

  /** Like sign-up: counted per network before anything else (issue #24). */
  async limitPasswordResetRequest(ctx: AccountContext) {
    const verdict = await ctx.authLimits.resetRequestIp.hit(ctx.clientIp);
    if (!verdict.allowed)
      tooManyRequests(ctx.res, verdict, 'reset-request-ip', tooManyResetRequestsMessage(verdict.retryAfterSeconds));
  },

  async signUp(
    ctx: AccountContext,
    input: { email: string; fullName: string; password: string },
  ): Promise<'created' | 'exists' | 'already-confirmed'> {
    const existing = await users.findByEmail(ctx.db, input.email);
    // Deliberate (spec error catalogue): the answer says whether the address has an account.
    if (existing) return existing.email_confirmed_at ? 'already-confirmed' : 'exists';
    refuseCommonPassword(input.password);
    const passwordHash = await hashing(ctx, () => ctx.passwords.hash(input.password));
    let user: UserRow;
    try {
      user = await users.create(ctx.db, { email: input.email, fullName: input.fullName, passwordHash });
    } catch (error) {
      // Two sign-ups for one address at the same moment: the second meets the unique index.
      if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: ACCOUNT_EXISTS_MESSAGE });
      throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: SIGN_UP_FAILED_MESSAGE, cause: error });
    }
    await ctx.authLimits.mailAddress.hit(`confirm:${accountKey(user.email)}`);
    await sendConfirmation(ctx, user);
    await ctx.audit.record({ type: 'signup', actorUserId: user.id, email: user.email, ip: ctx.clientIp });
    return 'created';
  },

  async confirmEmail(ctx: AccountContext, token: string) {
    const userId = await consumeEmailToken(ctx.db, token, 'confirm_email');
    if (userId === null) throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_CONFIRM_LINK_MESSAGE });
    await users.markEmailConfirmed(ctx.db, userId);
    await ctx.audit.record({ type: 'email.confirmed', actorUserId: userId, ip: ctx.clientIp });
  },

  async resendConfirmation(ctx: AccountContext, email: string) {
    await limitMail(ctx, 'confirm', email);
    const user = await users.findByEmail(ctx.db, email);
    if (user && !user.email_confirmed_at) await sendConfirmation(ctx, user);
  },

  async logIn(ctx: AccountContext, input: { email: string; password: string }): Promise<UserRow> {
    const limits = ctx.authLimits;
    const key = accountKey(input.email);
    const audit = { email: input.email, ip: ctx.clientIp };
    // Reserve one attempt on the account and on the address before the (slow) password check.
    const account = await limits.loginAccount.hit(key);
    if (!account.allowed)
      tooManyRequests(ctx.res, account, 'login-account', tooManyLogInsMessage(account.retryAfterSeconds));
    const ip = await limits.loginIp.hit(ctx.clientIp);
    if (!ip.allowed) {
      await limits.loginAccount.release(key);
      tooManyRequests(ctx.res, ip, 'login-ip', tooManyLogInsMessage(ip.retryAfterSeconds));
    }
    const release = () => Promise.all([limits.loginAccount.release(key), limits.loginIp.release(ctx.clientIp)]);

    let user: UserRow | undefined;
    let passwordOk: boolean;
    try {
      // A lock-out is kept in the database (issue #24): it holds even when the counters above were lost (a Redis
      // restarted empty). Asked only by the attempts the counters let through, so a burst costs no database reads.
      await refuseWhileLockedOut(ctx, [accountLockout(ctx, key), ipLockout(ctx)], tooManyLogInsMessage);
      user = await users.findByEmail(ctx.db, input.email);
      passwordOk = await hashing(ctx, () =>
        user?.password_hash
          ? ctx.passwords.verify(user.password_hash, input.password)
          : ctx.passwords.verifyDummy(input.password),
      );
    } catch (error) {
      // Not checked (locked out, queue full, database error): the attempt does not count.
      await release();
      throw error;
    }

    // A deactivated staff account (issue #13) fails exactly like a wrong password: nothing to learn from it.
    const deactivated = Boolean(user?.deactivated_at);
    if (!user || !passwordOk || deactivated) {
      await ctx.audit.record({
        type: 'login.failure',
        actorUserId: user?.id ?? null,
        ...audit,
        detail: { reason: !user ? 'unknown-account' : deactivated && passwordOk ? 'deactivated' : 'wrong-password' },
      });
      // The reservation that used the last allowed attempt is the one that locks the account (or address) out.
      if (account.remaining === 0) {
        await recordLockout(ctx, accountLockout(ctx, key));
        await ctx.audit.record({
          type: 'login.lockout',
          actorUserId: user?.id ?? null,
          ...audit,
          detail: { scope: 'account' },
        });
      }
      if (ip.remaining === 0) {
        await recordLockout(ctx, ipLockout(ctx));
        await ctx.audit.record({ type: 'login.lockout', ...audit, detail: { scope: 'ip' } });
      }
      throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS_MESSAGE });
    }
    // The right password: the attempt is given back, and the account's failures are forgotten.
    await Promise.all([limits.loginIp.release(ctx.clientIp), limits.loginAccount.reset(key)]);
    // Only someone who knows the password learns that the address is unconfirmed.
    if (!user.email_confirmed_at) throw new TRPCError({ code: 'FORBIDDEN', message: EMAIL_NOT_CONFIRMED_MESSAGE });
    await startSession(ctx, user);
    await ctx.audit.record({ type: 'login.success', actorUserId: user.id, ...audit });
    if (isStaff(user.role))
      await ctx.audit.record({ type: 'staff.sign_in', actorUserId: user.id, ...audit, detail: { role: user.role } });
    return user;
  },

  async logOut(ctx: AccountContext) {
    if (ctx.sessionId) await invalidateSession(ctx.db, ctx.sessionId, ctx.sessionEvents);
    if (ctx.res) clearSessionCookie(ctx.res, ctx.env);
    if (ctx.user) await ctx.audit.record({ type: 'logout', actorUserId: ctx.user.id, ip: ctx.clientIp });
  },

  async requestPasswordReset(ctx: AccountContext, email: string) {
    await limitMail(ctx, 'reset', email);
    const user = await users.findByEmail(ctx.db, email);
    await ctx.audit.record({
      type: 'password.reset_requested',
      actorUserId: user?.id ?? null,
      email,
      ip: ctx.clientIp,
      detail: { accountExists: Boolean(user) },
    });
    if (!user) return;
    const token = await issueEmailToken(ctx.db, user.id, 'reset_password');
    await ctx.mail.enqueue(passwordResetMail(user.email, user.full_name, linkTo(ctx.env, RESET_PASSWORD_PATH, token)));
  },

  /** Sets the new password, ends every session of the account, and logs this browser in. */
  /** A new password from an e-mailed link: a reset, or an invited colleague's first (issue #13: kind 'invite'). */
  async resetPassword(
    ctx: AccountContext,
    input: { token: string; password: string },
    kind: 'reset_password' | 'invite' = 'reset_password',
  ): Promise<UserRow> {
    refuseCommonPassword(input.password);
    const invalid = () => new TRPCError({ code: 'BAD_REQUEST', message: INVALID_RESET_LINK_MESSAGE });
    // Looked at first and used up only after hashing, so a 503 from a full queue does not waste the link.
    if ((await peekEmailToken(ctx.db, input.token, kind)) === null) throw invalid();
    const passwordHash = await hashing(ctx, () => ctx.passwords.hash(input.password));
    const userId = await consumeEmailToken(ctx.db, input.token, kind);
    const user = userId === null ? undefined : await users.findById(ctx.db, userId);
    if (!user) throw invalid();
    await users.setPasswordHash(ctx.db, user.id, passwordHash);
    // The link proved the person reads this mailbox.
    await users.markEmailConfirmed(ctx.db, user.id);
    await invalidateUserSessions(ctx.db, user.id, ctx.sessionEvents);
    await ctx.authLimits.loginAccount.reset(accountKey(user.email));
    // The link proved the account is theirs: a lock-out from someone guessing ends here.
    await clearLockout(ctx, 'account', accountKey(user.email));
    await startSession(ctx, user);
    await ctx.audit.record({
      type: 'password.reset',
      actorUserId: user.id,
      email: user.email,
      ip: ctx.clientIp,
      ...(kind === 'invite' ? { detail: { link: 'invite' } } : {}),
    });
    return user;
  },

  /**
   * Invites a colleague to the staff app (issue #13): an account with the role and no password yet, and a 7-day
   * link to set one. Inviting again an address whose invitation is unused sends a fresh link.
   */
  async inviteStaff(ctx: AccountContext, input: { email: string; fullName: string; role: 'agent' | 'admin' }) {
    const existing = await users.findByEmail(ctx.db, input.email);
    if (existing && (existing.password_hash || existing.role === 'patient'))
      throw new TRPCError({ code: 'CONFLICT', message: STAFF_ACCOUNT_EXISTS_MESSAGE });
    const user =
      existing ??
      (await users.create(ctx.db, {
        email: input.email,
        fullName: input.fullName,
        passwordHash: '',
        role: input.role,
      }));
    if (existing) await users.setRole(ctx.db, existing.id, input.role);
    const token = await issueEmailToken(ctx.db, user.id, 'invite');
    await ctx.mail.enqueue(staffInvitationMail(user.email, input.fullName, linkTo(ctx.env, STAFF_WELCOME_PATH, token)));
    return user;
  },

  /** Removes the user, their sessions, tokens and queued e-mails in one transaction. Needs the current password. */
  async deleteAccount(ctx: AccountContext, userId: number, input: { password: string }) {
    const user = await users.findById(ctx.db, userId);
    if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: LOG_IN_REQUIRED_MESSAGE });
    const key = accountKey(user.email);
    const verdict = await ctx.authLimits.loginAccount.hit(key);
    if (!verdict.allowed)
      tooManyRequests(ctx.res, verdict, 'login-account', tooManyWrongPasswordsMessage(verdict.retryAfterSeconds));
    let passwordOk: boolean;
    try {
      await refuseWhileLockedOut(ctx, [accountLockout(ctx, key)], tooManyWrongPasswordsMessage);
      passwordOk = await hashing(ctx, () => ctx.passwords.verify(user.password_hash, input.password));
    } catch (error) {
      await ctx.authLimits.loginAccount.release(key);
      throw error;
    }
    if (!passwordOk) {
      if (verdict.remaining === 0) await recordLockout(ctx, accountLockout(ctx, key));
      throw fieldError('password', WRONG_PASSWORD_MESSAGE);
    }
    const { sessionIds } = await users.deleteAccount(ctx.db, user.id);
    ctx.sessionEvents.announce(user.id, sessionIds);
    await ctx.authLimits.loginAccount.reset(key);
    await clearLockout(ctx, 'account', key);
    if (ctx.res) clearSessionCookie(ctx.res, ctx.env);
    await ctx.audit.record({ type: 'account.deleted', actorUserId: user.id, email: user.email, ip: ctx.clientIp });
    ctx.logger.info('account deleted', { userId: user.id, email: maskEmail(user.email) });
  },
};
