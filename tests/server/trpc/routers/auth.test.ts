import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_IP,
  RESET_REQUESTS_PER_IP,
  SIGNUPS_PER_IP,
} from '../../../../server/auth/auth-limits';
import { COMMON_PASSWORD_MESSAGE } from '../../../../server/auth/common-passwords';
import { sessionIdFromToken } from '../../../../server/auth/session';
import { users } from '../../../../server/data/users';
import { createLogger } from '../../../../server/logger';
import { startMailWorker, type MailWorker } from '../../../../server/mail/mail-worker';
import {
  ACCOUNT_EXISTS_MESSAGE,
  EMAIL_NOT_CONFIRMED_MESSAGE,
  INVALID_CONFIRM_LINK_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_RESET_LINK_MESSAGE,
  RESEND_CONFIRMATION_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from '../../../../shared/messages/auth-messages';
import { PASSWORD_TOO_SHORT_MESSAGE } from '../../../../shared/schemas/auth';
import { createHttpClient, trpcError } from '../../../helpers/auth-http';
import { linkIn, startSmtpServer } from '../../../helpers/smtp-test-server';
import { startTestServer } from '../../../helpers/test-server';
import { uniqueEmail } from '../../../helpers/unique-email';

const PASSWORD = 'Ewa-agoyin-2024!';
const logLines: string[] = [];
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: Awaited<ReturnType<typeof startTestServer>>;
let worker: MailWorker;
let ipCounter = 1;

/** Each client looks like its own visitor (TRUST_PROXY=1 lets X-Forwarded-For set req.ip). */
const newClient = (ip = `10.0.0.${ipCounter++}`) =>
  createHttpClient(server.baseUrl, { headers: { 'x-forwarded-for': ip } });
const mailTo = (address: string, subjectPart: string) =>
  smtp.waitForMail((mail) => mail.to.includes(address) && mail.subject.includes(subjectPart));

async function signUpAndConfirm(name = 'Adaeze Okafor', email = uniqueEmail('ada')) {
  const visitor = newClient();
  expect(await visitor.client.auth.signUp.mutate({ fullName: name, email, password: PASSWORD })).toEqual({
    status: 'created',
  });
  const mail = await mailTo(email, 'Confirm');
  const link = linkIn(mail, '/confirm-email');
  expect(await visitor.client.auth.confirmEmail.mutate({ token: link.searchParams.get('token')! })).toEqual({
    status: 'confirmed',
  });
  return { email, name, visitor };
}

async function logIn(email: string, password = PASSWORD) {
  const visitor = newClient();
  await visitor.client.auth.logIn.mutate({ email, password });
  return visitor;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  const logger = createLogger('info', (line) => (logLines.push(line), true));
  server = await startTestServer({ env: { SMTP_URL: smtp.url, TRUST_PROXY: '1' }, deps: { logger } });
  worker = startMailWorker({
    db: server.db,
    env: server.env,
    logger,
    queue: server.services.mail,
    pollMs: 200,
    backoffBaseMs: 100,
  });
});

afterAll(async () => {
  await worker.stop();
  await server.close();
  await smtp.close();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('auth.signUp', () => {
  it('creates an unconfirmed account with an argon2id hash and e-mails a confirmation link (catalogue: Account Created!)', async () => {
    const email = uniqueEmail('new');
    const visitor = newClient();
    expect(await visitor.client.auth.signUp.mutate({ fullName: '  Chinedu Eze ', email, password: PASSWORD })).toEqual({
      status: 'created',
    });
    const user = await server.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ full_name: 'Chinedu Eze', email_confirmed_at: null, role: 'patient' });
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.password_hash).not.toContain(PASSWORD);

    const mail = await mailTo(email, 'Confirm your email address');
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(mail.decoded).toContain('Ilera Health');
    const token = linkIn(mail, '/confirm-email').searchParams.get('token')!;
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    const stored = await server.db
      .selectFrom('email_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.kind).toBe('confirm_email');
    expect(stored.id).not.toBe(token);
    expect(stored.id).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.expires_at - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(stored.expires_at - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
  });

  it("answers 'exists' for an unconfirmed address whatever its case (catalogue: Account Exists)", async () => {
    const email = uniqueEmail('dup');
    const visitor = newClient();
    await visitor.client.auth.signUp.mutate({ fullName: 'Bola Ade', email, password: PASSWORD });
    expect(
      await visitor.client.auth.signUp.mutate({ fullName: 'Bola Ade', email: email.toUpperCase(), password: PASSWORD }),
    ).toEqual({ status: 'exists' });
    const count = await server.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("answers 'already-confirmed' for a confirmed address (catalogue: Account Already Confirmed)", async () => {
    const { email } = await signUpAndConfirm();
    expect(
      await newClient().client.auth.signUp.mutate({ fullName: 'Someone Else', email, password: 'another-Passw0rd' }),
    ).toEqual({ status: 'already-confirmed' });
  });

  it("refuses a short password with the catalogue text 'Password must be at least 6 characters long.'", async () => {
    const { message, data } = await trpcError(
      newClient().client.auth.signUp.mutate({ fullName: 'Tunde', email: uniqueEmail('short'), password: 'abc12' }),
    );
    expect(data.code).toBe('BAD_REQUEST');
    expect(data.fieldErrors).toEqual({ password: [PASSWORD_TOO_SHORT_MESSAGE] });
    expect(PASSWORD_TOO_SHORT_MESSAGE).toBe('Password must be at least 6 characters long.');
    expect(message).toContain(PASSWORD_TOO_SHORT_MESSAGE);
  });

  it('refuses one of the most common passwords with a clear message', async () => {
    const { data } = await trpcError(
      newClient().client.auth.signUp.mutate({
        fullName: 'Tunde',
        email: uniqueEmail('common'),
        password: 'Password123',
      }),
    );
    expect(data.fieldErrors).toEqual({ password: [COMMON_PASSWORD_MESSAGE] });
  });

  it("refuses a second simultaneous sign-up for one address with 'An account with this email already exists.'", async () => {
    const email = uniqueEmail('race');
    // Truly simultaneous: neither request gets past its "is the address taken?" read until both have made it (on a
    // busy machine the first could otherwise finish before the second starts, which is the ordinary 'exists' case).
    const findByEmail = users.findByEmail.bind(users);
    let arrived = 0;
    let bothArrived: () => void = () => undefined;
    const barrier = new Promise<void>((resolve) => (bothArrived = resolve));
    const spy = vi.spyOn(users, 'findByEmail').mockImplementation(async (db, address) => {
      const found = await findByEmail(db, address);
      if (address === email) {
        arrived += 1;
        if (arrived === 2) bothArrived();
        await Promise.race([barrier, new Promise((resolve) => setTimeout(resolve, 2000))]);
      }
      return found;
    });
    const results = await Promise.allSettled(
      [0, 1].map(() => newClient().client.auth.signUp.mutate({ fullName: 'Race Twin', email, password: PASSWORD })),
    );
    spy.mockRestore();
    expect(arrived).toBe(2);
    const rejected = results.filter((result) => result.status === 'rejected');
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason.message).toBe(ACCOUNT_EXISTS_MESSAGE);
    expect((rejected[0] as PromiseRejectedResult).reason.data.code).toBe('CONFLICT');
  });

  it('requires every field and a valid e-mail address', async () => {
    const { data } = await trpcError(
      newClient().client.auth.signUp.mutate({ fullName: '', email: 'not-an-email', password: '' }),
    );
    expect(Object.keys(data.fieldErrors ?? {}).sort()).toEqual(['email', 'fullName', 'password']);
  });

  it(`limits sign-up to ${SIGNUPS_PER_IP} attempts per IP in 5 minutes (429 with Retry-After)`, async () => {
    const { email } = await signUpAndConfirm();
    const visitor = newClient('10.9.9.9');
    for (let index = 0; index < SIGNUPS_PER_IP; index++) {
      await visitor.client.auth.signUp.mutate({ fullName: 'Flood', email, password: PASSWORD });
    }
    const { message, data } = await trpcError(
      visitor.client.auth.signUp.mutate({ fullName: 'Flood', email, password: PASSWORD }),
    );
    expect(data.httpStatus).toBe(429);
    expect(data.retryAfterSeconds).toBeGreaterThan(290);
    expect(visitor.lastResponse().headers.get('retry-after')).toBe(String(data.retryAfterSeconds));
    expect(message).toBe('Too many sign-up attempts from your network. Please try again in 5 minutes.');
    // Another network is not affected.
    expect(await newClient().client.auth.signUp.mutate({ fullName: 'Flood', email, password: PASSWORD })).toEqual({
      status: 'already-confirmed',
    });
  });
});

describe('auth.confirmEmail and auth.resendConfirmation', () => {
  it('confirms once; the link cannot be used again', async () => {
    const email = uniqueEmail('once');
    const visitor = newClient();
    await visitor.client.auth.signUp.mutate({ fullName: 'Ngozi', email, password: PASSWORD });
    const token = linkIn(await mailTo(email, 'Confirm'), '/confirm-email').searchParams.get('token')!;
    expect(await visitor.client.auth.confirmEmail.mutate({ token })).toEqual({ status: 'confirmed' });
    const user = await server.db
      .selectFrom('users')
      .select('email_confirmed_at')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.email_confirmed_at).not.toBeNull();
    const again = await trpcError(visitor.client.auth.confirmEmail.mutate({ token }));
    expect(again).toMatchObject({ message: INVALID_CONFIRM_LINK_MESSAGE, data: { code: 'BAD_REQUEST' } });
  });

  it('refuses an expired, unknown or malformed token', async () => {
    const email = uniqueEmail('expired');
    const visitor = newClient();
    await visitor.client.auth.signUp.mutate({ fullName: 'Ngozi', email, password: PASSWORD });
    const token = linkIn(await mailTo(email, 'Confirm'), '/confirm-email').searchParams.get('token')!;
    await server.db
      .updateTable('email_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', sessionIdFromToken(token))
      .execute();
    for (const candidate of [token, 'a'.repeat(32), 'not a token']) {
      expect((await trpcError(visitor.client.auth.confirmEmail.mutate({ token: candidate }))).message).toBe(
        INVALID_CONFIRM_LINK_MESSAGE,
      );
    }
  });

  it('resends a working link with a neutral answer, at most one per address per minute', async () => {
    const email = uniqueEmail('resend');
    const visitor = newClient();
    await visitor.client.auth.signUp.mutate({ fullName: 'Femi', email, password: PASSWORD });
    await mailTo(email, 'Confirm');
    // The sign-up mail counts: asking again within the minute is refused.
    const limited = await trpcError(visitor.client.auth.resendConfirmation.mutate({ email }));
    expect(limited.data.httpStatus).toBe(429);
    expect(limited.message).toMatch(
      /^We have just sent an email to this address\. Please wait \d+ seconds before asking for another\.$/,
    );

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    smtp.received.length = 0;
    expect(await visitor.client.auth.resendConfirmation.mutate({ email })).toEqual({
      message: RESEND_CONFIRMATION_MESSAGE,
    });
    vi.useRealTimers();
    const token = linkIn(await mailTo(email, 'Confirm'), '/confirm-email').searchParams.get('token')!;
    expect(await visitor.client.auth.confirmEmail.mutate({ token })).toEqual({ status: 'confirmed' });
    // Unknown and already-confirmed addresses get the same answer and no mail.
    expect(await visitor.client.auth.resendConfirmation.mutate({ email: uniqueEmail('nobody') })).toEqual({
      message: RESEND_CONFIRMATION_MESSAGE,
    });
  });
});

describe('auth.logIn, auth.me, auth.logOut', () => {
  it('logs in with a new HttpOnly SameSite=Lax session cookie and answers me with the name; responses are no-store', async () => {
    const { email, name } = await signUpAndConfirm('Kemi Adeyemi');
    const visitor = newClient();
    expect(await visitor.client.auth.logIn.mutate({ email: email.toUpperCase(), password: PASSWORD })).toEqual({
      user: { email, fullName: name, role: 'patient' },
    });
    const cookie = visitor.lastSetCookies().find((header) => header.startsWith('session='))!;
    expect(cookie).toMatch(/^session=[a-z2-7]{32}; Path=\/; Expires=.+; HttpOnly; SameSite=Lax$/);
    expect(cookie).not.toMatch(/Secure/);
    const expires = new Date(/Expires=([^;]+)/.exec(cookie)![1]!).getTime();
    expect(expires - Date.now()).toBeGreaterThan(29.9 * 86400_000);
    expect(visitor.lastResponse().headers.get('cache-control')).toBe('no-store');

    expect(await visitor.client.auth.me.query()).toEqual({ user: { email, fullName: name, role: 'patient' } });
    expect(visitor.lastResponse().headers.get('cache-control')).toBe('no-store');
    const token = visitor.jar.get('session')!;
    const row = await server.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', sessionIdFromToken(token))
      .executeTakeFirstOrThrow();
    expect(row.id).not.toBe(token);
  });

  it('gives one generic message for a wrong password and for an unknown address', async () => {
    const { email } = await signUpAndConfirm();
    const wrong = await trpcError(newClient().client.auth.logIn.mutate({ email, password: 'not-the-password' }));
    const unknown = await trpcError(
      newClient().client.auth.logIn.mutate({ email: uniqueEmail('ghost'), password: PASSWORD }),
    );
    expect(wrong).toEqual(unknown);
    expect(wrong).toMatchObject({
      message: INVALID_CREDENTIALS_MESSAGE,
      data: { code: 'UNAUTHORIZED', httpStatus: 401 },
    });
  });

  it('tells an unconfirmed account (right password only) to confirm', async () => {
    const email = uniqueEmail('unconfirmed');
    await newClient().client.auth.signUp.mutate({ fullName: 'Zainab', email, password: PASSWORD });
    const refused = await trpcError(newClient().client.auth.logIn.mutate({ email, password: PASSWORD }));
    expect(refused).toMatchObject({ message: EMAIL_NOT_CONFIRMED_MESSAGE, data: { code: 'FORBIDDEN' } });
    expect((await trpcError(newClient().client.auth.logIn.mutate({ email, password: 'wrong-password' }))).message).toBe(
      INVALID_CREDENTIALS_MESSAGE,
    );
  });

  it('starts a new session at every log-in and ends a planted one (no fixation)', async () => {
    const { email } = await signUpAndConfirm();
    const visitor = await logIn(email);
    const first = visitor.jar.get('session')!;
    await visitor.client.auth.logIn.mutate({ email, password: PASSWORD });
    const second = visitor.jar.get('session')!;
    expect(second).not.toBe(first);
    expect(
      await server.db
        .selectFrom('sessions')
        .select('id')
        .where('id', '=', sessionIdFromToken(first))
        .executeTakeFirst(),
    ).toBeUndefined();

    // A token an attacker chose is never accepted or promoted.
    const planted = newClient();
    planted.jar.set('session', 'abcdefghijklmnopqrstuvwxyz234567');
    expect(await planted.client.auth.me.query()).toEqual({ user: null });
    expect(planted.jar.has('session')).toBe(false);
    planted.jar.set('session', 'abcdefghijklmnopqrstuvwxyz234567');
    await planted.client.auth.logIn.mutate({ email, password: PASSWORD });
    expect(planted.jar.get('session')).not.toBe('abcdefghijklmnopqrstuvwxyz234567');
  });

  it('logs out: the session row goes, the cookie is cleared and listeners hear of it', async () => {
    const { email } = await signUpAndConfirm();
    const visitor = await logIn(email);
    const token = visitor.jar.get('session')!;
    const heard: [number, string[]][] = [];
    const unsubscribe = server.sessionEvents.onSessionsInvalidated((userId, ids) => heard.push([userId, ids]));
    expect(await visitor.client.auth.logOut.mutate()).toEqual({ status: 'logged-out' });
    unsubscribe();
    expect(
      visitor.lastSetCookies().some((header) => /^session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/.test(header)),
    ).toBe(true);
    expect(heard).toEqual([[expect.any(Number), [sessionIdFromToken(token)]]]);
    expect(
      await server.db
        .selectFrom('sessions')
        .select('id')
        .where('id', '=', sessionIdFromToken(token))
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(await visitor.client.auth.me.query()).toEqual({ user: null });
    // Replaying the old cookie does not work either.
    visitor.jar.set('session', token);
    expect(await visitor.client.auth.me.query()).toEqual({ user: null });
    // Logging out without a session is harmless.
    expect(await newClient().client.auth.logOut.mutate()).toEqual({ status: 'logged-out' });
  });

  it('ends a patient session 30 days after log-in even while it is used, and the cookie says so', async () => {
    const { email } = await signUpAndConfirm();
    const visitor = await logIn(email);
    const id = sessionIdFromToken(visitor.jar.get('session')!);
    const row = await server.db
      .selectFrom('sessions')
      .select(['expires_at', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.expires_at - Date.parse(row.created_at)).toBe(30 * 86400_000);
    const cookie = visitor.lastSetCookies().find((header) => header.startsWith('session='))!;
    expect(new Date(/Expires=([^;]+)/.exec(cookie)![1]!).getTime() - Date.now()).toBeGreaterThan(29.9 * 86400_000);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(row.created_at) + 29 * 86400_000);
    expect((await visitor.client.auth.me.query()).user?.email).toBe(email);
    vi.setSystemTime(Date.parse(row.created_at) + 30 * 86400_000 + 1000);
    expect(await visitor.client.auth.me.query()).toEqual({ user: null });
    expect(await server.db.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });
});

describe('log-in limits', () => {
  it(`refuses with 429 after ${LOGIN_FAILURES_PER_ACCOUNT} failures for one account, then lets the owner in after the cool-down`, async () => {
    const { email } = await signUpAndConfirm();
    for (let attempt = 0; attempt < LOGIN_FAILURES_PER_ACCOUNT; attempt++) {
      // Different networks: the account limit holds whatever the IP.
      expect(
        (await trpcError(newClient().client.auth.logIn.mutate({ email, password: `wrong-${attempt}` }))).data
          .httpStatus,
      ).toBe(401);
    }
    const owner = newClient();
    const locked = await trpcError(owner.client.auth.logIn.mutate({ email, password: PASSWORD }));
    expect(locked.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429 });
    expect(locked.message).toBe('Too many failed log-in attempts. Please try again in 15 minutes.');
    expect(Number(owner.lastResponse().headers.get('retry-after'))).toBe(locked.data.retryAfterSeconds);
    expect(locked.data.retryAfterSeconds).toBeGreaterThan(14 * 60);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1000);
    expect((await owner.client.auth.logIn.mutate({ email, password: PASSWORD })).user.email).toBe(email);
  });

  it(`refuses an IP address after ${LOGIN_FAILURES_PER_IP} failures in 15 minutes, whatever the accounts`, async () => {
    const attacker = newClient('10.66.66.66');
    for (let attempt = 0; attempt < LOGIN_FAILURES_PER_IP; attempt++) {
      await trpcError(
        attacker.client.auth.logIn.mutate({ email: uniqueEmail(`spray${attempt}`), password: 'Spring2024' }),
      );
    }
    const { email } = await signUpAndConfirm();
    const refused = await trpcError(attacker.client.auth.logIn.mutate({ email, password: PASSWORD }));
    expect(refused.data.httpStatus).toBe(429);
    expect(refused.message).toMatch(/^Too many failed log-in attempts\. Please try again in \d+ minutes?\.$/);
    expect((await newClient().client.auth.logIn.mutate({ email, password: PASSWORD })).user.email).toBe(email);
  });
});

describe('password reset', () => {
  it('e-mails a 1-hour link; the reset sets the password, ends every other session and logs this browser in', async () => {
    const { email, name } = await signUpAndConfirm('Ifeoma Nwosu');
    const laptop = await logIn(email);
    const phone = await logIn(email);
    const visitor = newClient();
    expect(await visitor.client.auth.requestPasswordReset.mutate({ email: email.toUpperCase() })).toEqual({
      message: RESET_REQUESTED_MESSAGE,
    });
    const mail = await mailTo(email, 'Reset your');
    expect(mail.decoded).toContain('Ifeoma Nwosu');
    const link = linkIn(mail, '/reset-password');
    const token = link.searchParams.get('token')!;
    const stored = await server.db
      .selectFrom('email_tokens')
      .selectAll()
      .where('id', '=', sessionIdFromToken(token))
      .executeTakeFirstOrThrow();
    expect(stored.kind).toBe('reset_password');
    expect(stored.expires_at - Date.now()).toBeLessThanOrEqual(3600_000);
    expect(stored.expires_at - Date.now()).toBeGreaterThan(3500_000);

    const heard: string[][] = [];
    const unsubscribe = server.sessionEvents.onSessionsInvalidated((_userId, ids) => heard.push(ids));
    const newPassword = 'Jollof-and-plantain-7';
    expect(await visitor.client.auth.resetPassword.mutate({ token, password: newPassword })).toEqual({
      user: { email, fullName: name, role: 'patient' },
    });
    unsubscribe();
    expect(heard.flat().sort()).toEqual(
      [laptop.jar.get('session')!, phone.jar.get('session')!].map(sessionIdFromToken).sort(),
    );
    expect(await laptop.client.auth.me.query()).toEqual({ user: null });
    expect(await phone.client.auth.me.query()).toEqual({ user: null });
    expect((await visitor.client.auth.me.query()).user?.email).toBe(email);

    expect((await trpcError(newClient().client.auth.logIn.mutate({ email, password: PASSWORD }))).message).toBe(
      INVALID_CREDENTIALS_MESSAGE,
    );
    expect((await newClient().client.auth.logIn.mutate({ email, password: newPassword })).user.email).toBe(email);
    // Single use.
    expect(
      (await trpcError(newClient().client.auth.resetPassword.mutate({ token, password: 'Another-good-one-9' })))
        .message,
    ).toBe(INVALID_RESET_LINK_MESSAGE);
  });

  it('answers an unknown address with the same neutral message and sends nothing', async () => {
    const address = uniqueEmail('nobody');
    expect(await newClient().client.auth.requestPasswordReset.mutate({ email: address })).toEqual({
      message: RESET_REQUESTED_MESSAGE,
    });
    await worker.runOnce();
    expect(smtp.received.some((mail) => mail.to.includes(address))).toBe(false);
  });

  it('limits reset mails to one per address per minute', async () => {
    const { email } = await signUpAndConfirm();
    await newClient().client.auth.requestPasswordReset.mutate({ email });
    const limited = await trpcError(newClient().client.auth.requestPasswordReset.mutate({ email }));
    expect(limited.data.httpStatus).toBe(429);
  });

  it(`limits reset requests to ${RESET_REQUESTS_PER_IP} per IP in 5 minutes, whatever the addresses (429 with Retry-After)`, async () => {
    const visitor = newClient('10.24.6.1');
    for (let index = 0; index < RESET_REQUESTS_PER_IP; index++) {
      expect(await visitor.client.auth.requestPasswordReset.mutate({ email: uniqueEmail(`reset${index}`) })).toEqual({
        message: RESET_REQUESTED_MESSAGE,
      });
    }
    const { message, data } = await trpcError(
      visitor.client.auth.requestPasswordReset.mutate({ email: uniqueEmail('one-more') }),
    );
    expect(data.httpStatus).toBe(429);
    expect(data.retryAfterSeconds).toBeGreaterThan(290);
    expect(visitor.lastResponse().headers.get('retry-after')).toBe(String(data.retryAfterSeconds));
    expect(message).toBe('Too many password reset requests from your network. Please try again in 5 minutes.');
    // Another network is not affected.
    expect(await newClient().client.auth.requestPasswordReset.mutate({ email: uniqueEmail('other') })).toEqual({
      message: RESET_REQUESTED_MESSAGE,
    });
  });

  it('refuses an expired link, a confirmation token, a short or a common password', async () => {
    const { email } = await signUpAndConfirm();
    const visitor = newClient();
    await visitor.client.auth.requestPasswordReset.mutate({ email });
    const token = linkIn(await mailTo(email, 'Reset your'), '/reset-password').searchParams.get('token')!;
    expect(
      (await trpcError(visitor.client.auth.resetPassword.mutate({ token, password: 'abc' }))).data.fieldErrors,
    ).toEqual({ password: [PASSWORD_TOO_SHORT_MESSAGE] });
    expect(
      (await trpcError(visitor.client.auth.resetPassword.mutate({ token, password: 'iloveyou1' }))).data.fieldErrors,
    ).toEqual({ password: [COMMON_PASSWORD_MESSAGE] });
    expect((await trpcError(visitor.client.auth.confirmEmail.mutate({ token }))).message).toBe(
      INVALID_CONFIRM_LINK_MESSAGE,
    );
    await server.db
      .updateTable('email_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', sessionIdFromToken(token))
      .execute();
    expect(
      (await trpcError(visitor.client.auth.resetPassword.mutate({ token, password: 'Perfectly-fine-pass-4' }))).message,
    ).toBe(INVALID_RESET_LINK_MESSAGE);
  });
});

describe('data rights', () => {
  it('refuses downloadMyData and deleteAccount without a session (UNAUTHORIZED)', async () => {
    const visitor = newClient();
    expect((await trpcError(visitor.client.auth.downloadMyData.query())).data).toMatchObject({
      code: 'UNAUTHORIZED',
      httpStatus: 401,
    });
    expect((await trpcError(visitor.client.auth.deleteAccount.mutate({ password: PASSWORD }))).data.code).toBe(
      'UNAUTHORIZED',
    );
  });

  it('downloads the account and its sessions as JSON, never the password hash', async () => {
    const { email, name } = await signUpAndConfirm('Musa Bello');
    const visitor = await logIn(email);
    const data = await visitor.client.auth.downloadMyData.query();
    expect(visitor.lastResponse().headers.get('cache-control')).toBe('no-store');
    expect(data.account).toMatchObject({ email, fullName: name, role: 'patient' });
    expect(data.account.emailConfirmedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(data.sessions).toHaveLength(1);
    expect(JSON.stringify(data)).not.toMatch(/argon2|password_hash/);
  });

  it('deletes the account after the password is confirmed: user, sessions, tokens and queued mail go', async () => {
    const { email } = await signUpAndConfirm();
    const visitor = await logIn(email);
    const other = await logIn(email);
    const wrong = await trpcError(visitor.client.auth.deleteAccount.mutate({ password: 'not-my-password' }));
    expect(wrong.data.fieldErrors).toEqual({ password: [WRONG_PASSWORD_MESSAGE] });

    const user = await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const heard: number[] = [];
    const unsubscribe = server.sessionEvents.onSessionsInvalidated((userId) => heard.push(userId));
    expect(await visitor.client.auth.deleteAccount.mutate({ password: PASSWORD })).toEqual({ status: 'deleted' });
    unsubscribe();
    expect(heard).toEqual([user.id]);
    expect(visitor.jar.has('session')).toBe(false);
    for (const table of ['users', 'sessions', 'email_tokens'] as const) {
      const column = table === 'users' ? 'id' : 'user_id';
      const rows = await sql<{
        n: number;
      }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${user.id}`.execute(server.db);
      expect(rows.rows[0]!.n).toBe(0);
    }
    expect(await other.client.auth.me.query()).toEqual({ user: null });
    expect((await trpcError(newClient().client.auth.logIn.mutate({ email, password: PASSWORD }))).message).toBe(
      INVALID_CREDENTIALS_MESSAGE,
    );
  });
});

describe('requests and logs', () => {
  it('refuses a state-changing request from a foreign Origin (403)', async () => {
    const response = await fetch(`${server.baseUrl}/trpc/auth.logOut`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
  });

  it('never logs a token, a password or a full e-mail address', async () => {
    const { email } = await signUpAndConfirm();
    const visitor = await logIn(email);
    await visitor.client.auth.requestPasswordReset.mutate({ email });
    await mailTo(email, 'Reset your');
    const logs = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(5);
    expect(logs).not.toContain(PASSWORD);
    expect(logs).not.toContain(visitor.jar.get('session')!);
    expect(logs).not.toMatch(/[^*]@example\.ng/);
    expect(logs).not.toMatch(/token=/);
    expect(logs).toContain('***@example.ng');
  });
});
