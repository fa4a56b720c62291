import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { NewRequest } from '../../../server/data/requests';
import { mailOutbox } from '../../../server/data/mail-outbox';
import { loadEnv } from '../../../server/env';
import { createLogger } from '../../../server/logger';
import { calendarFile, foldLine } from '../../../server/mail/ics';
import { createMailQueue } from '../../../server/mail/mail-queue';
import { startMailWorker } from '../../../server/mail/mail-worker';
import { requestReceivedMail, requestStatusMail, type RequestRow } from '../../../server/mail/request-mails';
import { startSmtpServer } from '../../helpers/smtp-test-server';
import { createTestDb } from '../../helpers/test-db';
import { waitFor } from '../../helpers/wait-for';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const appointment: NewRequest = {
  type: 'appointment',
  submissionId: 1,
  reference: 'APT-7K3Q9',
  fullName: 'Ada <script>alert(1)</script>',
  email: 'ada@example.ng',
  phone: null,
  phoneE164: null,
  subject: 'General Check-up',
  requestedDate: '2026-12-01',
};

const row = (overrides: Partial<RequestRow>): RequestRow => ({
  id: 1,
  reference: 'APT-7K3Q9',
  type: 'appointment',
  submission_id: 1,
  full_name: 'Ada Obi',
  email: 'ada@example.ng',
  phone: null,
  phone_e164: null,
  subject: 'General Check-up',
  requested_date: '2026-12-01',
  status: 'new',
  owner_id: null,
  confirmed_for: null,
  patient_message: null,
  cancel_reason: null,
  created_at: '2026-11-25T08:00:00.000Z',
  updated_at: '2026-11-25T08:00:00.000Z',
  closed_at: null,
  anonymised_at: null,
  due_at: '2026-11-25T08:00:00.000Z',
  next_call_at: null,
  ...overrides,
});

describe('request e-mails', () => {
  it('the receipt gives the reference, what was asked and what happens next, escaped in HTML', () => {
    const mail = requestReceivedMail(appointment);
    expect(mail.to).toBe('ada@example.ng');
    expect(mail.subject).toBe('We received your appointment (APT-7K3Q9)');
    expect(mail.text).toContain('Your reference is APT-7K3Q9.');
    expect(mail.text).toContain('Service: General Check-up');
    expect(mail.text).toContain('Preferred date: Tuesday 1 December 2026');
    expect(mail.text).toContain('We will email you when it is confirmed.');
    expect(mail.html).toContain('Ada &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.attachments).toBeUndefined();
  });

  it('a confirmed appointment gives the Lagos date and time, the staff message and an .ics file', () => {
    const mail = requestStatusMail(
      row({ status: 'confirmed', confirmed_for: '2026-12-01T14:30', patient_message: 'Bring your <b>card</b>.' }),
    )!;
    expect(mail.subject).toBe('Your appointment is confirmed (APT-7K3Q9)');
    expect(mail.text).toContain('Confirmed for: Tuesday 1 December 2026 at 14:30 (Lagos time, WAT)');
    expect(mail.text).toContain('Bring your <b>card</b>.');
    expect(mail.html).toContain('Bring your &lt;b&gt;card&lt;/b&gt;.');
    const [ics] = mail.attachments!;
    expect(ics!.filename).toBe('APT-7K3Q9.ics');
    expect(ics!.contentType).toMatch(/^text\/calendar/);
    // 14:30 in Lagos (UTC+1) is 13:30 UTC.
    expect(ics!.content).toContain('\r\nDTSTART:20261201T133000Z\r\n');
    expect(ics!.content).toContain('\r\nDTEND:20261201T140000Z\r\n');
    expect(ics!.content).toContain('UID:APT-7K3Q9@');
  });

  it('a cancellation gives the reason; other moves and other types send no calendar', () => {
    const cancelled = requestStatusMail(row({ status: 'cancelled', cancel_reason: 'The clinic is closed, sorry.' }))!;
    expect(cancelled.subject).toBe('Your appointment is cancelled (APT-7K3Q9)');
    expect(cancelled.text).toContain('Reason: The clinic is closed, sorry.');
    expect(requestStatusMail(row({ status: 'in_progress' }))).toBeNull();
    expect(requestStatusMail(row({ status: 'done' }))).toBeNull();
    const order = requestStatusMail(
      row({ type: 'service_order', status: 'confirmed', requested_date: null, subject: 'Home care' }),
    )!;
    expect(order.text).toContain('Your service order APT-7K3Q9 is confirmed.');
    expect(order.attachments).toBeUndefined();
  });
});

describe('iCalendar', () => {
  it('uses CRLF, escapes TEXT values and folds lines at 75 octets without splitting characters', () => {
    const ics = calendarFile({
      uid: 'APT-1@example.ng',
      start: new Date('2026-12-01T13:30:00Z'),
      durationMinutes: 30,
      summary: 'Check-up; bring card, please',
      description: `Line one\nÀ ${'é'.repeat(80)}`,
      location: '1 Road, Lagos',
      organizerName: 'Clinic',
      stamp: new Date('2026-11-25T08:00:00Z'),
    });
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
    expect(ics).toContain('SUMMARY:Check-up\\; bring card\\, please');
    expect(ics).toContain('DESCRIPTION:Line one\\nÀ');
    expect(ics).toContain('DTSTAMP:20261125T080000Z');
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    // Unfolding gives back the whole value.
    expect(ics.replace(/\r\n /g, '')).toContain(`À ${'é'.repeat(80)}`);
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });
});

/** The decoded body of the message's text/calendar part (nodemailer sends it base64 or quoted-printable). */
function calendarPartOf(raw: string): string {
  const part = raw.split(/\r?\n--/).find((section) => /Content-Type: text\/calendar/i.test(section));
  if (!part) throw new Error('No text/calendar part');
  const [headers, ...body] = part.split(/\r?\n\r?\n/);
  const content = body.join('\n\n');
  return /base64/i.test(headers!) ? Buffer.from(content.replace(/\s/g, ''), 'base64').toString('utf8') : content;
}

describe('attachments through the queue', () => {
  it('reach a real SMTP server as a text/calendar part, and failed rows keep no attachment', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const db = await createTestDb();
    const queue = createMailQueue(db);
    cleanups.push(() => db.destroy());
    const worker = startMailWorker({
      db,
      queue,
      env: loadEnv({ NODE_ENV: 'test', DATA_DIR: '/nonexistent', SMTP_URL: smtp.url }),
      logger: createLogger('silent'),
      pollMs: 100,
    });
    cleanups.push(() => worker.stop());
    await queue.enqueue(requestStatusMail(row({ status: 'confirmed', confirmed_for: '2026-12-01T09:05' }))!);
    const received = await smtp.waitForMail((mail) => mail.to.includes('ada@example.ng'));
    expect(received.raw).toMatch(/Content-Type: text\/calendar/);
    expect(received.raw).toMatch(/filename=APT-7K3Q9\.ics/);
    expect(calendarPartOf(received.raw)).toContain('DTSTART:20261201T080500Z');

    const { id } = await mailOutbox.insert(
      db,
      requestStatusMail(row({ status: 'confirmed', confirmed_for: '2026-12-01T09:05' }))!,
      Date.now() + 3_600_000,
    );
    await mailOutbox.markFailed(db, Number(id), 9, 'gave up');
    const failed = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(failed.attachments).toBeNull();
    expect(failed.text_body).toBe('');
  });
});

describe('the outbox default (no SMTP_URL)', () => {
  it('writes the confirmation with its calendar file as an .eml a developer can open', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-request-outbox-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const db = await createTestDb();
    const queue = createMailQueue(db);
    cleanups.push(() => db.destroy());
    const worker = startMailWorker({
      db,
      queue,
      env: loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }),
      logger: createLogger('silent'),
      pollMs: 100,
    });
    cleanups.push(() => worker.stop());
    await queue.enqueue(requestStatusMail(row({ status: 'confirmed', confirmed_for: '2026-12-01T09:05' }))!);
    const outbox = path.join(dataDir, 'outbox');
    const mailed = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((file) => file.endsWith('.eml')) : []);
    await waitFor(() => mailed().length > 0, 10_000, 'the mail in the outbox');
    const files = mailed();
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(path.join(outbox, files[0]!), 'utf8');
    expect(raw).toMatch(/filename=APT-7K3Q9\.ics/);
    expect(calendarPartOf(raw)).toContain('DTSTART:20261201T080500Z');
  });
});
