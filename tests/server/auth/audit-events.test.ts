/** Issue #11: account events land in audit_events with a masked e-mail and the client's address. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILURES_PER_ACCOUNT } from '../../../server/auth/auth-limits';
import { issueEmailToken } from '../../../server/auth/email-token';
import { hashPassword } from '../../../server/auth/password';
import { users } from '../../../server/data/users';
import { createHttpClient, trpcError } from '../../helpers/auth-http';
import { startTestServer } from '../../helpers/test-server';

const PASSWORD = 'Moi-moi-on-Sunday-5';
const IP = '10.4.0.1';
let server: Awaited<ReturnType<typeof startTestServer>>;
let passwordHash: string;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '1' } });
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => server.close());

const client = (ip = IP) => createHttpClient(server.baseUrl, { headers: { 'x-forwarded-for': ip } });

/** Runs `action` and returns the audit rows it added, oldest first. */
async function eventsOf(action: () => Promise<unknown>) {
  const before =
    (
      await server.db
        .selectFrom('audit_events')
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirst()
    )?.max ?? 0;
  await action();
  const rows = await server.db
    .selectFrom('audit_events')
    .selectAll()
    .where('id', '>', Number(before))
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    type: row.type,
    actor: row.actor_user_id,
    email: row.masked_email,
    ip: row.ip,
    detail: row.detail ? (JSON.parse(row.detail) as unknown) : null,
  }));
}

describe('audit events of the account actions', () => {
  it('sign-up, confirmation, log-in failure and success, log-out, reset requested and done, deletion', async () => {
    const email = 'adaeze.audit@example.ng';
    const visitor = client();
    expect(
      await eventsOf(() => visitor.client.auth.signUp.mutate({ fullName: 'Adaeze Okafor', email, password: PASSWORD })),
    ).toEqual([{ type: 'signup', actor: expect.any(Number), email: 'a***@example.ng', ip: IP, detail: null }]);
    const user = (await users.findByEmail(server.db, email))!;
    const confirmToken = await issueEmailToken(server.db, user.id, 'confirm_email');
    expect(await eventsOf(() => visitor.client.auth.confirmEmail.mutate({ token: confirmToken }))).toEqual([
      { type: 'email.confirmed', actor: user.id, email: null, ip: IP, detail: null },
    ]);

    expect(
      await eventsOf(() => trpcError(visitor.client.auth.logIn.mutate({ email, password: 'not-the-password' }))),
    ).toEqual([
      { type: 'login.failure', actor: user.id, email: 'a***@example.ng', ip: IP, detail: { reason: 'wrong-password' } },
    ]);
    expect(
      await eventsOf(() =>
        trpcError(visitor.client.auth.logIn.mutate({ email: 'nobody.here@example.ng', password: PASSWORD })),
      ),
    ).toEqual([
      { type: 'login.failure', actor: null, email: 'n***@example.ng', ip: IP, detail: { reason: 'unknown-account' } },
    ]);
    expect(await eventsOf(() => visitor.client.auth.logIn.mutate({ email, password: PASSWORD }))).toEqual([
      { type: 'login.success', actor: user.id, email: 'a***@example.ng', ip: IP, detail: null },
    ]);
    expect(await eventsOf(() => visitor.client.auth.logOut.mutate())).toEqual([
      { type: 'logout', actor: user.id, email: null, ip: IP, detail: null },
    ]);

    expect(await eventsOf(() => visitor.client.auth.requestPasswordReset.mutate({ email }))).toEqual([
      {
        type: 'password.reset_requested',
        actor: user.id,
        email: 'a***@example.ng',
        ip: IP,
        detail: { accountExists: true },
      },
    ]);
    const resetToken = await issueEmailToken(server.db, user.id, 'reset_password');
    const newPassword = 'Fresh-pepper-soup-88';
    expect(
      await eventsOf(() => visitor.client.auth.resetPassword.mutate({ token: resetToken, password: newPassword })),
    ).toEqual([{ type: 'password.reset', actor: user.id, email: 'a***@example.ng', ip: IP, detail: null }]);

    expect(await eventsOf(() => visitor.client.auth.deleteAccount.mutate({ password: newPassword }))).toEqual([
      { type: 'account.deleted', actor: user.id, email: 'a***@example.ng', ip: IP, detail: null },
    ]);

    const everything = JSON.stringify(await server.db.selectFrom('audit_events').selectAll().execute());
    expect(everything).not.toContain(email);
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain(confirmToken);
    expect(everything).not.toContain(resetToken);
  });

  it('a staff log-in adds staff.sign_in', async () => {
    const agent = await users.create(server.db, {
      email: 'tunde.agent@example.ng',
      fullName: 'Tunde Bakare',
      passwordHash,
      role: 'agent',
      confirmed: true,
    });
    expect(
      await eventsOf(() => client('10.4.0.2').client.auth.logIn.mutate({ email: agent.email, password: PASSWORD })),
    ).toEqual([
      { type: 'login.success', actor: agent.id, email: 't***@example.ng', ip: '10.4.0.2', detail: null },
      { type: 'staff.sign_in', actor: agent.id, email: 't***@example.ng', ip: '10.4.0.2', detail: { role: 'agent' } },
    ]);
  });

  it(`the ${LOGIN_FAILURES_PER_ACCOUNT}th failure locks the account out: one login.lockout, none for the refused attempts after it`, async () => {
    const patient = await users.create(server.db, {
      email: 'kunle.locked@example.ng',
      fullName: 'Kunle Ade',
      passwordHash,
      confirmed: true,
    });
    const events = await eventsOf(async () => {
      for (let attempt = 0; attempt <= LOGIN_FAILURES_PER_ACCOUNT + 1; attempt++) {
        await trpcError(
          client(`10.4.1.${attempt + 1}`).client.auth.logIn.mutate({
            email: patient.email,
            password: `wrong-${attempt}`,
          }),
        );
      }
    });
    expect(events.filter((event) => event.type === 'login.failure')).toHaveLength(LOGIN_FAILURES_PER_ACCOUNT);
    expect(events.filter((event) => event.type === 'login.lockout')).toEqual([
      {
        type: 'login.lockout',
        actor: patient.id,
        email: 'k***@example.ng',
        ip: `10.4.1.${LOGIN_FAILURES_PER_ACCOUNT}`,
        detail: { scope: 'account' },
      },
    ]);
  });
});
