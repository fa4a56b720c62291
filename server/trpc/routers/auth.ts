/**
 * Accounts (issues #5, #11; spec sections 2, 4, 5, 8): sign-up with e-mail confirmation, log-in,
 * current session, log-out, password reset, data download and account deletion.
 * Thin: input schema, one call to server/auth/accounts.ts or data/, a small view.
 * Texts the visitor sees are in shared/messages/auth-messages.ts (the spec's catalogue where it has one).
 */
import { TRPCError } from '@trpc/server';
import {
  LOG_IN_REQUIRED_MESSAGE,
  RESEND_CONFIRMATION_MESSAGE,
  RESET_REQUESTED_MESSAGE,
} from '../../../shared/messages/auth-messages';
import {
  confirmEmailSchema,
  deleteAccountSchema,
  emailOnlySchema,
  logInSchema,
  resetPasswordSchema,
  signUpSchema,
} from '../../../shared/schemas/auth';
import { accounts } from '../../auth/accounts';
import { sessions } from '../../data/sessions';
import { users } from '../../data/users';
import { protectedProcedure, publicProcedure, router } from '../trpc';

const accountView = (user: { email: string; fullName: string; role: string }) => ({
  email: user.email,
  fullName: user.fullName,
  role: user.role,
});
const rowView = (user: { email: string; full_name: string; role: string }) =>
  accountView({ email: user.email, fullName: user.full_name, role: user.role });

export const authRouter = router({
  /** Spec: outcomes 'created' (toast Account Created!), 'exists' (unconfirmed), 'already-confirmed' (go to /login). */
  signUp: publicProcedure
    .use(async ({ ctx, next }) => {
      await accounts.limitSignUp(ctx);
      return next();
    })
    .input(signUpSchema)
    .mutation(async ({ ctx, input }) => ({ status: await accounts.signUp(ctx, input) })),

  confirmEmail: publicProcedure.input(confirmEmailSchema).mutation(async ({ ctx, input }) => {
    await accounts.confirmEmail(ctx, input.token);
    return { status: 'confirmed' as const };
  }),

  /** Always the same answer, whether or not the address has an account waiting. */
  resendConfirmation: publicProcedure.input(emailOnlySchema).mutation(async ({ ctx, input }) => {
    await accounts.resendConfirmation(ctx, input.email);
    return { message: RESEND_CONFIRMATION_MESSAGE };
  }),

  logIn: publicProcedure
    .input(logInSchema)
    .mutation(async ({ ctx, input }) => ({ user: rowView(await accounts.logIn(ctx, input)) })),

  /** The current session's user, or null (no session is not an error). */
  me: publicProcedure.query(({ ctx }) => {
    ctx.res?.setHeader('Cache-Control', 'no-store');
    return { user: ctx.user ? accountView(ctx.user) : null };
  }),

  logOut: publicProcedure.mutation(async ({ ctx }) => {
    await accounts.logOut(ctx);
    return { status: 'logged-out' as const };
  }),

  /** Always the same neutral answer; limited per network, as sign-up is, and per address. */
  requestPasswordReset: publicProcedure
    .use(async ({ ctx, next }) => {
      await accounts.limitPasswordResetRequest(ctx);
      return next();
    })
    .input(emailOnlySchema)
    .mutation(async ({ ctx, input }) => {
      await accounts.requestPasswordReset(ctx, input.email);
      return { message: RESET_REQUESTED_MESSAGE };
    }),

  /** Sets the new password, ends every session of the account, and logs this browser in. */
  resetPassword: publicProcedure
    .input(resetPasswordSchema)
    .mutation(async ({ ctx, input }) => ({ user: rowView(await accounts.resetPassword(ctx, input)) })),

  /** An invited colleague sets their first password (issue #13); signs them in. */
  acceptInvite: publicProcedure
    .input(resetPasswordSchema)
    .mutation(async ({ ctx, input }) => ({ user: rowView(await accounts.resetPassword(ctx, input, 'invite')) })),

  /** Everything stored about the account, as one JSON document. */
  downloadMyData: protectedProcedure.query(async ({ ctx }) => {
    ctx.res?.setHeader('Cache-Control', 'no-store');
    const user = await users.findById(ctx.db, ctx.user.id);
    if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: LOG_IN_REQUIRED_MESSAGE });
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
      sessions: activeSessions.map((session) => ({
        startedAt: session.created_at,
        expiresAt: new Date(session.expires_at).toISOString(),
      })),
      notes: [
        'Your password is stored only as an Argon2id hash, which cannot be turned back into the password, so it is not included.',
        'Forms you sent us (appointments, service orders, trip plans, job applications, newsletter) are not linked to your account, so they are not part of this file. Contact us to ask for them.',
      ],
    };
  }),

  /** Removes the user, their sessions, tokens and queued e-mails (one transaction). Needs the current password. */
  deleteAccount: protectedProcedure.input(deleteAccountSchema).mutation(async ({ ctx, input }) => {
    await accounts.deleteAccount(ctx, ctx.user.id, input);
    return { status: 'deleted' as const };
  }),
});
