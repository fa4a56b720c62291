/**
 * Storing a request form (server/data/submissions.ts) answers the same on both engines, although PostgreSQL stores
 * the form's row, its inbox row, the first event and the receipt in one statement and SQLite in four (ADR 0057): what
 * it returns is what a read afterwards finds, a repeated key or a drawn reference already taken stores nothing twice,
 * and a failing later write leaves nothing behind.
 */
import * as crypto from 'node:crypto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { insertAppointment, type AlongWithRequest } from '../../../server/data/submissions';
import { toInboxRow } from '../../../server/data/requests';
import type { AppDatabase } from '../../../server/db/database';
import { createWriteBatcher, type WriteBatcher } from '../../../server/db/write-batcher';
import { requestReceivedMail } from '../../../server/mail/request-mails';
import { createTestDb } from '../../helpers/test-db';

// The references' random draws, which one test fixes to make a clash; the others draw as the app does.
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof crypto>();
  return { ...original, randomInt: vi.fn(original.randomInt) };
});

let db: AppDatabase;
let writes: WriteBatcher;
beforeAll(async () => {
  db = await createTestDb();
  writes = createWriteBatcher(db);
});
afterAll(async () => {
  await db.destroy();
});
beforeEach(async () => {
  const actual = await vi.importActual<typeof crypto>('node:crypto');
  vi.mocked(crypto.randomInt).mockReset().mockImplementation(actual.randomInt);
});

const appointment = (idempotencyKey = randomUUID()) => ({
  fullName: 'Adaeze Okafor',
  email: `${idempotencyKey}@example.ng`,
  phone: '0803 123 4567',
  phoneE164: '+2348031234567',
  preferredDate: '2026-12-03',
  preferredTime: '09-10 AM',
  serviceType: 'General Check-up' as const,
  message: 'Cough for two weeks',
  idempotencyKey,
});

const withReceipt: AlongWithRequest = { receipt: requestReceivedMail };

/** Everything stored under one reference: the form's row, the inbox row, its events and its receipts. */
async function storedUnder(reference: string) {
  const form = await db.selectFrom('appointments').selectAll().where('reference', '=', reference).execute();
  const inbox = await db.selectFrom('requests').selectAll().where('reference', '=', reference).execute();
  const events = inbox.length
    ? await db.selectFrom('request_events').selectAll().where('request_id', '=', inbox[0]!.id).execute()
    : [];
  const mails = await db.selectFrom('mail_outbox').selectAll().where('subject', 'like', `%(${reference})`).execute();
  return { form, inbox, events, mails };
}

describe('storing a request form', () => {
  it('returns the inbox row exactly as stored, beside the form row, the created event and the receipt', async () => {
    const data = appointment();
    const seen: unknown[] = [];
    const stored = await insertAppointment(writes, data, {
      ...withReceipt,
      onNew: (_trx, request, inboxRow) => {
        seen.push({ request, inboxRow });
        return Promise.resolve();
      },
    });

    expect(stored.created).toBe(true);
    expect(stored.reference).toMatch(/^APT-[2-9A-HJKMNP-Z]{5}$/);
    const { form, inbox, events, mails } = await storedUnder(stored.reference);
    expect(form).toHaveLength(1);
    expect(form[0]).toMatchObject({
      full_name: data.fullName,
      phone_e164: data.phoneE164,
      preferred_date: data.preferredDate,
      idempotency_key: data.idempotencyKey,
    });
    expect(inbox).toHaveLength(1);
    expect(stored.inboxRow).toEqual(toInboxRow({ ...inbox[0]!, owner_name: null }));
    expect(inbox[0]).toMatchObject({
      type: 'appointment',
      submission_id: form[0]!.id,
      subject: data.serviceType,
      requested_date: data.preferredDate,
      status: 'new',
      created_at: form[0]!.created_at,
      due_at: form[0]!.created_at,
    });
    expect(events).toEqual([
      expect.objectContaining({ actor_kind: 'patient', actor_user_id: null, kind: 'created', to_status: 'new' }),
    ]);
    const receipt = requestReceivedMail({
      type: 'appointment',
      reference: stored.reference,
      fullName: data.fullName,
      email: data.email,
      phone: data.phone,
      phoneE164: data.phoneE164,
      subject: data.serviceType,
      requestedDate: data.preferredDate,
    });
    expect(mails).toEqual([
      expect.objectContaining({
        to_address: data.email,
        subject: receipt.subject,
        text_body: receipt.text,
        html_body: receipt.html,
        kind: 'request_received',
        status: 'pending',
        attachments: null,
      }),
    ]);
    // The later writes were given the request as stored.
    expect(seen).toEqual([
      {
        request: expect.objectContaining({ reference: stored.reference, submissionId: form[0]!.id }),
        inboxRow: stored.inboxRow,
      },
    ]);
  });

  it('answers a repeated key with the first reference and stores nothing twice', async () => {
    const data = appointment();
    const first = await insertAppointment(writes, data, withReceipt);
    const again = await insertAppointment(writes, { ...data, message: 'Sent twice' }, withReceipt);

    expect(again).toEqual({ reference: first.reference, created: false, inboxRow: null });
    const { form, inbox, events, mails } = await storedUnder(first.reference);
    expect([form.length, inbox.length, events.length, mails.length]).toEqual([1, 1, 1, 1]);
    expect(form[0]!.message).toBe('Cough for two weeks');
  });

  it('draws again when the reference is taken, and the refused draw stores nothing', async () => {
    // Every draw the first '2': the first form takes APT-22222.
    vi.mocked(crypto.randomInt).mockReturnValue(0 as never);
    const taken = await insertAppointment(writes, appointment(), withReceipt);
    expect(taken.reference).toBe('APT-22222');
    // The second form draws APT-22222 once, then draws as the app does.
    vi.mocked(crypto.randomInt).mockReset();
    vi.mocked(crypto.randomInt)
      .mockImplementationOnce(() => 0 as never)
      .mockImplementationOnce(() => 0 as never)
      .mockImplementationOnce(() => 0 as never)
      .mockImplementationOnce(() => 0 as never)
      .mockImplementationOnce(() => 0 as never)
      .mockImplementation(() => 1 as never);

    const data = appointment();
    const second = await insertAppointment(writes, data, withReceipt);

    expect(second).toMatchObject({ reference: 'APT-33333', created: true });
    const atTaken = await storedUnder('APT-22222');
    expect([atTaken.form.length, atTaken.inbox.length, atTaken.events.length, atTaken.mails.length]).toEqual([
      1, 1, 1, 1,
    ]);
    expect(atTaken.form[0]!.idempotency_key).not.toBe(data.idempotencyKey);
    const atSecond = await storedUnder('APT-33333');
    expect([atSecond.form.length, atSecond.inbox.length, atSecond.events.length, atSecond.mails.length]).toEqual([
      1, 1, 1, 1,
    ]);
    expect(atSecond.inbox[0]!.submission_id).toBe(atSecond.form[0]!.id);
  });

  it('stores nothing when a later write in its transaction fails', async () => {
    const data = appointment();
    // The batcher runs a failing job a second time, in its own savepoint: both runs' references.
    const references: string[] = [];
    await expect(
      insertAppointment(writes, data, {
        ...withReceipt,
        onNew: (_trx, request) => {
          references.push(request.reference);
          return Promise.reject(new Error('the consent write failed'));
        },
      }),
    ).rejects.toThrow('the consent write failed');

    expect(references.length).toBeGreaterThan(0);
    for (const reference of references) {
      const { form, inbox, events, mails } = await storedUnder(reference);
      expect([form.length, inbox.length, events.length, mails.length]).toEqual([0, 0, 0, 0]);
    }
    expect(
      await db.selectFrom('appointments').select('id').where('idempotency_key', '=', data.idempotencyKey).execute(),
    ).toEqual([]);
  });

  it('queues no receipt when none is asked for (a booking sends its own mail)', async () => {
    const stored = await insertAppointment(writes, appointment(), {});
    const { form, inbox, events, mails } = await storedUnder(stored.reference);
    expect([form.length, inbox.length, events.length, mails.length]).toEqual([1, 1, 1, 0]);
  });
});
