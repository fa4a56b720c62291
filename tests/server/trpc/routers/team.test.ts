import { TRPCError } from '@trpc/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionEvents } from '../../../../server/auth/session-events';
import { createSession, generateSessionToken, validateSessionToken } from '../../../../server/auth/session';
import { appRouter } from '../../../../server/trpc/router';
import { unlessLastAdmin } from '../../../../server/data/staff-members';
import { createHttpClient } from '../../../helpers/auth-http';
import { startTestServer } from '../../../helpers/test-server';
import { codeOf, startStaffWorld } from './staff-fixtures';

let world: Awaited<ReturnType<typeof startStaffWorld>>;
beforeEach(async () => {
  world = await startStaffWorld();
});
afterEach(() => world.close());

const adminProcedures = Object.keys(appRouter._def.procedures).filter(
  (path) => path.startsWith('team.') || path.startsWith('audit.'),
);
const call = (caller: unknown, path: string, input: unknown) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- walks the caller by a dotted path
  (path.split('.').reduce((node: any, key) => node[key], caller) as (input: unknown) => Promise<unknown>)(input);

describe('team and audit are for admins only (issue #13)', () => {
  it.each(adminProcedures)('%s: anonymous → UNAUTHORIZED, patient and agent → FORBIDDEN', async (path) => {
    const target = await world.person('agent');
    const input = { userId: target.user.id, role: 'admin', email: 'x@example.com', fullName: 'X Y' };
    expect(await codeOf(call(world.callerFor(null), path, input))).toBe('UNAUTHORIZED');
    expect(await codeOf(call((await world.person('patient')).caller, path, input))).toBe('FORBIDDEN');
    expect(await codeOf(call((await world.person('agent')).caller, path, input))).toBe('FORBIDDEN');
    const after = await world.db
      .selectFrom('users')
      .select(['role', 'deactivated_at'])
      .where('id', '=', target.user.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ role: 'agent', deactivated_at: null });
  });
});

describe('team', () => {
  it('invites a colleague: an account with the role and no password, a link by mail, audited; a second invite refreshes it', async () => {
    const { caller, user: admin } = await world.person('admin');
    await caller.team.invite({ fullName: 'Chidi New', email: 'chidi.new@example.ng', role: 'agent' });
    const team = await caller.team.list();
    expect(team.find((member) => member.email === 'chidi.new@example.ng')).toMatchObject({
      role: 'agent',
      status: 'invited',
    });
    const mails = await world.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'kind', 'text_body'])
      .where('kind', '=', 'staff_invite')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toMatch(/\/staff\/welcome\?token=[a-z2-7]{32}/);
    await caller.team.invite({ fullName: 'Chidi New', email: 'CHIDI.NEW@example.ng', role: 'admin' });
    expect((await caller.team.list()).find((member) => member.email === 'chidi.new@example.ng')).toMatchObject({
      role: 'admin',
    });
    const audit = await world.db
      .selectFrom('audit_events')
      .select(['type', 'actor_user_id'])
      .where('type', '=', 'staff.invite')
      .execute();
    expect(audit).toEqual([
      { type: 'staff.invite', actor_user_id: admin.id },
      { type: 'staff.invite', actor_user_id: admin.id },
    ]);
  });

  it('refuses an address that already has an account, and names bad fields', async () => {
    const { caller } = await world.person('admin');
    const patient = await world.person('patient');
    expect(await codeOf(caller.team.invite({ fullName: 'P', email: patient.user.email, role: 'agent' }))).toBe(
      'CONFLICT',
    );
    const error = await caller.team
      .invite({ fullName: ' ', email: 'nope', role: 'boss' as never })
      .catch((caught: TRPCError) => caught);
    const paths = ((error as TRPCError).cause as unknown as { issues: { path: string[] }[] }).issues.map((issue) =>
      issue.path.join('.'),
    );
    expect(paths).toEqual(expect.arrayContaining(['fullName', 'email', 'role']));
  });

  it('changes roles, but never demotes or deactivates the last admin or yourself', async () => {
    const { caller, user: admin } = await world.person('admin');
    const agent = await world.person('agent');
    expect(await codeOf(caller.team.setRole({ userId: admin.id, role: 'agent' }))).toBe('BAD_REQUEST');
    expect(await codeOf(caller.team.deactivate({ userId: admin.id }))).toBe('BAD_REQUEST');
    await caller.team.setRole({ userId: agent.user.id, role: 'admin' });
    // Now the other admin may be demoted by this one, and this one by the other.
    await caller.team.setRole({ userId: agent.user.id, role: 'agent' });
    expect((await caller.team.list()).find((member) => member.id === agent.user.id)).toMatchObject({ role: 'agent' });
    const patient = await world.person('patient');
    expect(await codeOf(caller.team.setRole({ userId: patient.user.id, role: 'admin' }))).toBe('NOT_FOUND');
  });

  it('two admins who demote each other at the same moment leave one admin', async () => {
    const first = await world.person('admin');
    const second = await world.person('admin');
    // Each change waits (up to 500 ms) until the other has read the admins too: without a lock both would go ahead.
    const arrived: (() => void)[] = [];
    const bothRead = () =>
      new Promise<void>((resolve) => {
        arrived.push(resolve);
        if (arrived.length === 2) for (const release of arrived) release();
        setTimeout(resolve, 500);
      });
    const demote = (userId: number) => async (trx: typeof world.db) => {
      await bothRead();
      await trx.updateTable('users').set({ role: 'agent' }).where('id', '=', userId).execute();
    };
    const outcomes = await Promise.all([
      unlessLastAdmin(world.db, second.user.id, demote(second.user.id)),
      unlessLastAdmin(world.db, first.user.id, demote(first.user.id)),
    ]);
    expect(outcomes.sort()).toEqual([false, true]);
    const admins = await world.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('deactivated_at', 'is', null)
      .execute();
    expect(admins).toHaveLength(1);
    // The one left is the last admin: no one can demote or deactivate them now.
    const [remaining] = admins;
    const other = remaining!.id === first.user.id ? second : first;
    expect(await codeOf(other.caller.team.deactivate({ userId: remaining!.id }))).toBe('BAD_REQUEST');
  });

  it('deactivation ends the sessions at once and log-in fails like a wrong password; reactivation lets them back', async () => {
    const server = await startTestServer();
    try {
      const { users } = await import('../../../../server/data/users');
      const { hashPassword } = await import('../../../../server/auth/password');
      const password = 'Ewa-agoyin-and-bread-77';
      const agent = await users.create(server.db, {
        email: 'agent.gone@example.ng',
        fullName: 'Gone Agent',
        passwordHash: await hashPassword(password),
        role: 'agent',
        confirmed: true,
      });
      const admin = await users.create(server.db, {
        email: 'admin.here@example.ng',
        fullName: 'Here Admin',
        passwordHash: 'x',
        role: 'admin',
        confirmed: true,
      });
      const agentApi = createHttpClient(server.baseUrl);
      await agentApi.client.auth.logIn.mutate({ email: 'agent.gone@example.ng', password });
      expect((await agentApi.client.staff.me.query()).fullName).toBe('Gone Agent');

      const adminToken = generateSessionToken();
      await createSession(server.db, adminToken, admin.id, 'admin');
      const adminApi = createHttpClient(server.baseUrl);
      adminApi.jar.set('session', adminToken);
      const ended: string[][] = [];
      server.sessionEvents.onSessionsInvalidated((_userId, ids) => ended.push(ids));
      await adminApi.client.team.deactivate.mutate({ userId: agent.id });
      expect(ended).toHaveLength(1);
      await expect(agentApi.client.staff.me.query()).rejects.toMatchObject({ data: { code: 'UNAUTHORIZED' } });
      const again = createHttpClient(server.baseUrl);
      await expect(again.client.auth.logIn.mutate({ email: 'agent.gone@example.ng', password })).rejects.toMatchObject({
        data: { code: 'UNAUTHORIZED' },
      });
      expect((await adminApi.client.team.list.query()).find((member) => member.id === agent.id)).toMatchObject({
        status: 'deactivated',
      });

      await adminApi.client.team.reactivate.mutate({ userId: agent.id });
      await again.client.auth.logIn.mutate({ email: 'agent.gone@example.ng', password });
      expect((await again.client.staff.me.query()).fullName).toBe('Gone Agent');
      const types = (await adminApi.client.audit.list.query({})).rows.map((row) => row.type);
      expect(types).toEqual(expect.arrayContaining(['staff.deactivate', 'staff.reactivate']));
    } finally {
      await server.close();
    }
  });

  it('an invited colleague sets a password with the link, is signed in, and the link works once', async () => {
    const server = await startTestServer();
    try {
      const { users } = await import('../../../../server/data/users');
      const admin = await users.create(server.db, {
        email: 'admin.inv@example.ng',
        fullName: 'Inviting Admin',
        passwordHash: 'x',
        role: 'admin',
        confirmed: true,
      });
      const adminToken = generateSessionToken();
      await createSession(server.db, adminToken, admin.id, 'admin');
      const adminApi = createHttpClient(server.baseUrl);
      adminApi.jar.set('session', adminToken);
      await adminApi.client.team.invite.mutate({
        fullName: 'Ada Invited',
        email: 'ada.invited@example.ng',
        role: 'agent',
      });
      // Before accepting, no password works.
      const guest = createHttpClient(server.baseUrl);
      await expect(
        guest.client.auth.logIn.mutate({ email: 'ada.invited@example.ng', password: 'anything-at-all-1' }),
      ).rejects.toMatchObject({
        data: { code: 'UNAUTHORIZED' },
      });
      const mail = await server.db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('kind', '=', 'staff_invite')
        .executeTakeFirstOrThrow();
      const token = /\/staff\/welcome\?token=([a-z2-7]{32})/.exec(mail.text_body)![1]!;
      const password = 'Suya-on-Allen-Avenue-9';
      await guest.client.auth.acceptInvite.mutate({ token, password });
      expect((await guest.client.staff.me.query()).fullName).toBe('Ada Invited');
      await expect(guest.client.auth.acceptInvite.mutate({ token, password })).rejects.toMatchObject({
        data: { code: 'BAD_REQUEST' },
      });
      expect(
        (await adminApi.client.team.list.query()).find((member) => member.email === 'ada.invited@example.ng'),
      ).toMatchObject({ status: 'active' });
    } finally {
      await server.close();
    }
  });
});

it('session lookups ignore a deactivated account even if a session row remains', async () => {
  const { user } = await world.person('agent');
  const token = generateSessionToken();
  await createSession(world.db, token, user.id, 'agent');
  await world.db
    .updateTable('users')
    .set({ deactivated_at: new Date().toISOString() })
    .where('id', '=', user.id)
    .execute();
  expect(await validateSessionToken(world.db, token, createSessionEvents())).toBeNull();
});
