import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../../server/data/mail-outbox';
import { loadEnv } from '../../../server/env';
import { createLogger } from '../../../server/logger';
import { createMailQueue } from '../../../server/mail/mail-queue';
import { confirmationMail, passwordResetMail } from '../../../server/mail/mail-templates';
import { backoffDelay, maskEmailsIn, startMailWorker } from '../../../server/mail/mail-worker';
import { createHttpClient } from '../../helpers/auth-http';
import { linkIn, startSmtpServer } from '../../helpers/smtp-test-server';
import { createTestDb } from '../../helpers/test-db';
import { startTestServer } from '../../helpers/test-server';
import { waitFor } from '../../helpers/wait-for';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('mail templates', () => {
  it('carry the brand, the link and both plain-text and HTML bodies (HTML escaped)', () => {
    const mail = confirmationMail('ada@example.ng', 'Ada <script>', 'http://localhost:3000/confirm-email?token=abc');
    expect(mail.subject).toBe('Confirm your email address for Ilera Health');
    expect(mail.text).toContain('Hello Ada <script>,');
    expect(mail.text).toContain('http://localhost:3000/confirm-email?token=abc');
    expect(mail.html).toContain('Ada &lt;script&gt;');
    expect(mail.html).toContain('href="http://localhost:3000/confirm-email?token=abc"');
    expect(passwordResetMail('a@b.ng', 'A', 'http://x/reset-password?token=t').text).toContain('expires in 1 hour');
  });

  it('back off exponentially up to the cap', () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4, 12].map((attempt) => backoffDelay(attempt, 30_000, 3_600_000, noJitter))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000,
    ]);
  });
});

describe('outbox mode (no SMTP_URL)', () => {
  it('writes each message as an .eml file in DATA_DIR/outbox and logs its path (never the link and its token) with a masked address', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-outbox-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const db = await createTestDb();
    const queue = createMailQueue(db);
    cleanups.push(() => db.destroy());
    const lines: string[] = [];
    const worker = startMailWorker({
      db,
      queue,
      env: loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }),
      logger: createLogger('info', (line) => (lines.push(line), true)),
      pollMs: 100,
    });
    cleanups.push(() => worker.stop());
    await queue.enqueue(
      confirmationMail(
        'tobi@example.ng',
        'Tobi',
        'http://localhost:3000/confirm-email?token=abcdefghijklmnopqrstuvwxyz234567',
      ),
    );
    const outbox = path.join(dataDir, 'outbox');
    const mails = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith('.eml')) : []);
    await waitFor(() => mails().length === 1, 10_000, 'the mail sent');
    const eml = fs.readFileSync(path.join(outbox, mails()[0]!), 'utf8');
    expect(fs.readdirSync(outbox)).toEqual(mails()); // no half-written file left beside it
    expect(eml).toMatch(/^To: tobi@example\.ng$/m);
    expect(eml).toMatch(/^From: "?Ilera Health"? <no-reply@ilerahealth\.example>$/m);
    expect(eml).toContain('multipart/alternative');
    // The file is written before the row is marked sent: the row follows.
    await waitFor(async () => (await mailOutbox.countPending(db)) === 0, 10_000, 'the mail marked sent');
    const logged = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'mail written to outbox')!;
    // The .eml path, not the link: the link carries a live token, and logs travel further than the outbox.
    expect(logged).toMatchObject({
      to: 't***@example.ng',
      kind: 'confirm_email',
      file: path.join(outbox, mails()[0]!),
    });
    expect(lines.join('\n')).not.toContain('abcdefghijklmnopqrstuvwxyz234567');
    expect(lines.join('\n')).not.toContain('token=');
  });
});

describe('SMTP delivery through the queue', () => {
  it('sends and deletes a due message; retries with back-off while SMTP is down and gives up after the last attempt, wiping the body', async () => {
    const db = await createTestDb();
    const queue = createMailQueue(db);
    cleanups.push(() => db.destroy());
    let calls = 0;
    const worker = startMailWorker({
      db,
      queue,
      env: loadEnv({ NODE_ENV: 'test' }),
      logger: createLogger('silent'),
      transport: { kind: 'smtp', send: () => Promise.resolve(void calls++), close: () => {} },
      pollMs: 50,
      backoffBaseMs: 10,
      maxAttempts: 3,
    });
    cleanups.push(() => worker.stop());
    await queue.enqueue(confirmationMail('a@example.ng', 'A', 'http://x/confirm-email?token=t'));
    await waitFor(async () => (await mailOutbox.countPending(db)) === 0, 10_000, 'nothing pending');
    expect(calls).toBe(1);

    let failures = 0;
    const failing = startMailWorker({
      db,
      queue,
      env: loadEnv({ NODE_ENV: 'test' }),
      logger: createLogger('silent'),
      transport: {
        kind: 'smtp',
        send: () => (failures++, Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:1'))),
        close: () => {},
      },
      pollMs: 50,
      backoffBaseMs: 10,
      maxAttempts: 3,
    });
    cleanups.push(() => failing.stop());
    await worker.stop();
    await queue.enqueue(confirmationMail('b@example.ng', 'B', 'http://x/confirm-email?token=t'));
    await waitFor(
      async () =>
        (
          await db
            .selectFrom('mail_outbox')
            .select('status')
            .where('to_address', '=', 'b@example.ng')
            .executeTakeFirst()
        )?.status === 'failed',
      10_000,
      'the mail marked failed',
    );
    const row = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'b@example.ng')
      .executeTakeFirstOrThrow();
    expect(failures).toBe(3);
    expect(row).toMatchObject({
      attempts: 3,
      text_body: '',
      html_body: '',
      last_error: 'connect ECONNREFUSED 127.0.0.1:1',
    });
  });

  it('SMTP down during sign-up: the account is created, and the mail arrives once SMTP is back; its link confirms', async () => {
    // Reserve a free port, then stop listening on it: SMTP is "down".
    const probe = await startSmtpServer();
    const port = probe.port;
    await probe.close();

    const logger = createLogger('silent');
    const server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    cleanups.push(() => server.close());
    const worker = startMailWorker({
      db: server.db,
      env: server.env,
      logger,
      queue: server.services.mail,
      pollMs: 100,
      backoffBaseMs: 100,
      backoffMaxMs: 400,
    });
    cleanups.push(() => worker.stop());

    const visitor = createHttpClient(server.baseUrl);
    const email = 'kunle.down@example.ng';
    expect(
      await visitor.client.auth.signUp.mutate({ fullName: 'Kunle Ajayi', email, password: 'Suya-by-the-road-5' }),
    ).toEqual({ status: 'created' });
    await waitFor(
      async () =>
        ((await server.db.selectFrom('mail_outbox').select('attempts').executeTakeFirst())?.attempts ?? 0) >= 2,
      10_000,
      'a second attempt',
    );
    expect(
      await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeDefined();

    const smtp = await startSmtpServer(port);
    cleanups.push(() => smtp.close());
    const mail = await smtp.waitForMail((received) => received.to.includes(email), 10_000);
    await waitFor(async () => (await mailOutbox.countPending(server.db)) === 0, 10_000, 'nothing pending');
    const token = linkIn(mail, '/confirm-email').searchParams.get('token')!;
    expect(await visitor.client.auth.confirmEmail.mutate({ token })).toEqual({ status: 'confirmed' });
    expect((await visitor.client.auth.logIn.mutate({ email, password: 'Suya-by-the-road-5' })).user.fullName).toBe(
      'Kunle Ajayi',
    );
  });

  it('stops cleanly: a stopped worker sends nothing more', async () => {
    const db = await createTestDb();
    const queue = createMailQueue(db);
    cleanups.push(() => db.destroy());
    let sent = 0;
    const worker = startMailWorker({
      db,
      queue,
      env: loadEnv({ NODE_ENV: 'test' }),
      logger: createLogger('silent'),
      transport: { kind: 'smtp', send: () => Promise.resolve(void sent++), close: () => {} },
      pollMs: 50,
    });
    await worker.stop();
    await queue.enqueue(confirmationMail('c@example.ng', 'C', 'http://x/confirm-email?token=t'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent).toBe(0);
    expect(await mailOutbox.countPending(db)).toBe(1);
  });
});

describe('send failure reasons in the log', () => {
  it('mask the addresses an SMTP refusal quotes', () => {
    expect(maskEmailsIn('550 5.1.1 <ada.obi@example.ng>: Recipient address rejected')).toBe(
      '550 5.1.1 <a***@example.ng>: Recipient address rejected',
    );
    expect(maskEmailsIn('connect ECONNREFUSED 127.0.0.1:587')).toBe('connect ECONNREFUSED 127.0.0.1:587');
  });
});
