/**
 * Team and Audit (issue #13), admins only: invite a colleague (a set-password link through the mail queue), change a
 * role (that person's open sockets reconnect with it), deactivate or reactivate an account (a deactivated account's
 * sessions end at once, its sockets too), and read the audit log. Every write goes to the audit log; there is always
 * at least one active admin.
 */
import { TRPCError } from '@trpc/server';
import {
  LAST_ADMIN_MESSAGE,
  NOT_A_STAFF_MEMBER_MESSAGE,
  NOT_YOURSELF_MESSAGE,
} from '../../../shared/messages/staff-messages';
import { auditListSchema, inviteSchema, memberIdSchema, setRoleSchema } from '../../../shared/schemas/team';
import { AUDIT_EVENT_TYPES } from '../../audit/audit-log';
import { accounts } from '../../auth/accounts';
import { invalidateUserSessions } from '../../auth/session';
import { auditEvents } from '../../data/audit-events';
import { listTeam, setDeactivated, unlessLastAdmin } from '../../data/staff-members';
import type { AppDatabase } from '../../db/database';
import { users } from '../../data/users';
import type { RequestContext } from '../context';
import { adminProcedure, router } from '../trpc';

type AdminContext = RequestContext & { user: NonNullable<RequestContext['user']> };

async function staffMember(ctx: AdminContext, userId: number) {
  const member = await users.findById(ctx.db, userId);
  if (!member || (member.role !== 'agent' && member.role !== 'admin'))
    throw new TRPCError({ code: 'NOT_FOUND', message: NOT_A_STAFF_MEMBER_MESSAGE });
  if (member.id === ctx.user.id) throw new TRPCError({ code: 'BAD_REQUEST', message: NOT_YOURSELF_MESSAGE });
  return member;
}

/** Makes the change unless it would leave no active admin (checked and done in one transaction). */
async function keepAnAdmin(ctx: AdminContext, memberId: number, change: (trx: AppDatabase) => Promise<unknown>) {
  if (!(await unlessLastAdmin(ctx.db, memberId, change)))
    throw new TRPCError({ code: 'BAD_REQUEST', message: LAST_ADMIN_MESSAGE });
}

const audit = (
  ctx: AdminContext,
  type: 'staff.invite' | 'staff.role' | 'staff.deactivate' | 'staff.reactivate',
  member: { id: number; email: string },
  detail?: Record<string, string>,
) =>
  ctx.audit.record({
    type,
    actorUserId: ctx.user.id,
    ip: ctx.clientIp,
    email: member.email,
    subject: `user:${member.id}`,
    detail,
  });

export const teamRouter = router({
  list: adminProcedure.query(({ ctx }) => listTeam(ctx.db)),

  invite: adminProcedure.input(inviteSchema).mutation(async ({ ctx, input }) => {
    const user = await accounts.inviteStaff(ctx, input);
    await audit(ctx, 'staff.invite', user, { role: input.role });
    return { id: user.id };
  }),

  setRole: adminProcedure.input(setRoleSchema).mutation(async ({ ctx, input }) => {
    const member = await staffMember(ctx, input.userId);
    if (member.role === input.role) return { ok: true as const };
    const setRole = (db: AppDatabase) => users.setRole(db, member.id, input.role);
    if (input.role === 'admin') await setRole(ctx.db);
    else await keepAnAdmin(ctx, member.id, setRole);
    // Open consoles and inboxes reconnect with the new role (a demoted admin keeps no admin rights on a socket).
    ctx.sessionEvents.roleChanged(member.id);
    await audit(ctx, 'staff.role', member, { from: member.role, to: input.role });
    return { ok: true as const };
  }),

  deactivate: adminProcedure.input(memberIdSchema).mutation(async ({ ctx, input }) => {
    const member = await staffMember(ctx, input.userId);
    await keepAnAdmin(ctx, member.id, (trx) => setDeactivated(trx, member.id, true));
    // Every session ends now: the app's and the sockets' (they listen to the session events).
    await invalidateUserSessions(ctx.db, member.id, ctx.sessionEvents);
    await audit(ctx, 'staff.deactivate', member);
    return { ok: true as const };
  }),

  reactivate: adminProcedure.input(memberIdSchema).mutation(async ({ ctx, input }) => {
    const member = await staffMember(ctx, input.userId);
    await setDeactivated(ctx.db, member.id, false);
    await audit(ctx, 'staff.reactivate', member);
    return { ok: true as const };
  }),
});

export const auditRouter = router({
  types: adminProcedure.query(() => [...AUDIT_EVENT_TYPES]),
  list: adminProcedure
    .input(auditListSchema)
    .query(({ ctx, input }) =>
      auditEvents.page(ctx.db, { cursor: input.cursor, type: input.type || undefined, limit: 50 }),
    ),
});
