import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditLog } from '../../../server/audit/audit-log';
import { grantConsent } from '../../../server/messaging/consents';
import { createMailQueue } from '../../../server/mail/mail-queue';
import { loadEnv } from '../../../server/env';
import { createMessaging, type PatientMessage } from '../../../server/messaging/messaging-service';
import { startMessagingWorker, type MessagingWorker } from '../../../server/messaging/messaging-worker';
import {
  ProviderError,
  type DriverMessage,
  type MessagingDriver,
  type PhoneChannel,
} from '../../../server/messaging/messaging-types';
import { applyProviderEvents } from '../../../server/messaging/provider-events';
import type { AppDatabase } from '../../../server/db/database';
import { silentLogger } from '../../helpers/silent-logger';
import { createTestDb } from '../../helpers/test-db';

/** Lagos wall-clock time (UTC+1) as epoch ms. */
const lagos = (wallClock: string) => Date.parse(`${wallClock}:00+01:00`);
const NOON = lagos('2026-11-27T12:00');

let db: AppDatabase;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.destroy());

let numberSeed = 100_0000;
/** A fresh Nigerian mobile number per test, so tests share a database without sharing consents. */
const freshNumber = () => `+234803${String(numberSeed++).padStart(7, '0')}`;

type Script = (message: DriverMessage, call: number) => Promise<{ providerId: string }>;

function recordingDriver(name: 'termii' | 'whatsapp', channel: PhoneChannel, script?: Script) {
  const sent: DriverMessage[] = [];
  const driver: MessagingDriver = {
    name,
    channel,
    receipts: true,
    send: (message) => {
      sent.push(message);
      return script
        ? script(message, sent.length)
        : Promise.resolve({ providerId: `${name}-${sent.length}-${message.to}` });
    },
  };
  return { driver, sent };
}

function setUp(options: { drivers?: Partial<Record<PhoneChannel, MessagingDriver>>; fallback?: string } = {}) {
  let clock = NOON;
  const env = loadEnv({
    NODE_ENV: 'test',
    MESSAGING_FALLBACK: options.fallback ?? 'whatsapp,sms,email',
    MESSAGING_FALLBACK_MINUTES: '30',
  });
  const messaging = createMessaging({ env });
  const mail = createMailQueue(db);
  const worker: MessagingWorker = startMessagingWorker({
    db,
    env,
    logger: silentLogger,
    messaging,
    mail,
    drivers: options.drivers ?? {},
    pollMs: 60_000,
    backoffBaseMs: 1000,
    now: () => clock,
  });
  const deps = {
    db,
    logger: silentLogger as never,
    audit: createAuditLog({ db, logger: silentLogger }),
    messaging,
    mail,
  };
  return {
    messaging,
    worker,
    deps,
    setClock: (ms: number) => (clock = ms),
    stop: () => worker.stop(),
  };
}

const staffMessage = (phoneE164: string | null, email: string | null): PatientMessage<'staff_message'> => ({
  template: 'staff_message',
  params: {
    reference: 'APT-TEST1',
    link: 'ilera.example/dashboard',
    noun: 'appointment',
    message: 'Bring your card.',
    emailed: false,
  },
  phoneE164,
  fallbackEmail: email,
  name: 'Ada',
});

const rowsTo = (recipient: string) =>
  db.selectFrom('outbound_messages').selectAll().where('recipient', '=', recipient).orderBy('id').execute();
const mailsTo = (address: string) =>
  db.selectFrom('mail_outbox').selectAll().where('to_address', '=', address).orderBy('id').execute();

describe('the messaging queue', () => {
  it('sends nothing to a number that never agreed, and says it went by e-mail instead', async () => {
    const { messaging, stop } = setUp();
    const phone = freshNumber();
    const queued = await messaging.queue(db, staffMessage(phone, 'ada.none@example.ng'), NOON);
    expect(queued?.channel).toBe('email');
    expect(await rowsTo(phone)).toEqual([]);
    expect((await mailsTo('ada.none@example.ng')).map((mail) => mail.kind)).toEqual(['message_staff_message']);
    expect(await messaging.queue(db, staffMessage(phone, null), NOON)).toBeNull();
    await stop();
  });

  it('stores a text for a number that agreed, and the sink marks it sent with no provider call', async () => {
    const { messaging, worker, stop } = setUp();
    const phone = freshNumber();
    await grantConsent(db, phone, 'sms', { source: 'test' });
    const queued = await messaging.queue(db, staffMessage(phone, null), NOON);
    expect(queued).toMatchObject({ channel: 'sms', notBefore: NOON });
    expect(await worker.runOnce()).toBe(1);
    const [row] = await rowsTo(phone);
    expect(row).toMatchObject({
      channel: 'sms',
      template: 'staff_message',
      status: 'sent',
      provider: 'sink',
      encoding: 'GSM-7',
      segments: 1,
      attempts: 1,
      text_body: 'Ilera Health, about APT-TEST1: Bring your card. Reply STOP to end texts.',
    });
    await stop();
  });

  it('holds a text queued in the quiet hours until 08:00 Lagos time, then sends it', async () => {
    const { driver, sent } = recordingDriver('termii', 'sms');
    const { messaging, worker, setClock, stop } = setUp({ drivers: { sms: driver } });
    const phone = freshNumber();
    await grantConsent(db, phone, 'sms', { source: 'test' });
    const evening = lagos('2026-11-27T21:30');
    setClock(evening);
    const queued = await messaging.queue(db, staffMessage(phone, null), evening);
    expect(queued?.notBefore).toBe(lagos('2026-11-28T08:00'));
    expect(await worker.runOnce()).toBe(0);
    setClock(lagos('2026-11-28T07:59'));
    expect(await worker.runOnce()).toBe(0);
    expect(sent).toEqual([]);
    setClock(lagos('2026-11-28T08:00'));
    expect(await worker.runOnce()).toBe(1);
    expect(sent.map((message) => message.to)).toEqual([phone]);
    await stop();
  });

  it('retries a passing failure with back-off, and hands a final refusal to the next channel', async () => {
    const whatsapp = recordingDriver('whatsapp', 'whatsapp', (_message, call) =>
      Promise.reject(
        call === 1
          ? new ProviderError('rate limited', true, 429)
          : new ProviderError('not a WhatsApp user', false, 400),
      ),
    );
    const sms = recordingDriver('termii', 'sms');
    const { messaging, worker, setClock, stop } = setUp({ drivers: { whatsapp: whatsapp.driver, sms: sms.driver } });
    const phone = freshNumber();
    await grantConsent(db, phone, 'whatsapp', { source: 'test' });
    await grantConsent(db, phone, 'sms', { source: 'test' });
    await messaging.queue(db, staffMessage(phone, 'ada.retry@example.ng'), NOON);
    await worker.runOnce();
    const [first] = await rowsTo(phone);
    expect(first).toMatchObject({
      channel: 'whatsapp',
      status: 'queued',
      attempts: 1,
      last_error: 'rate limited',
      fallback: 'sms,email',
    });
    expect(first!.next_attempt_at).toBeGreaterThan(NOON);
    setClock(Number(first!.next_attempt_at));
    await worker.runOnce();
    await worker.runOnce();
    const rows = await rowsTo(phone);
    expect(rows.map((row) => [row.channel, row.status, row.replaced_by])).toEqual([
      ['whatsapp', 'failed', `sms #${rows[1]!.id}`],
      ['sms', 'sent', null],
    ]);
    expect(rows[1]!.fallback).toBe('email');
    expect(sms.sent).toHaveLength(1);
    await stop();
  });

  it('sends by SMS a WhatsApp message with no receipt after MESSAGING_FALLBACK_MINUTES, and not one that was delivered', async () => {
    const whatsapp = recordingDriver('whatsapp', 'whatsapp');
    const sms = recordingDriver('termii', 'sms');
    const { messaging, worker, setClock, deps, stop } = setUp({
      drivers: { whatsapp: whatsapp.driver, sms: sms.driver },
    });
    const silent = freshNumber();
    const answered = freshNumber();
    for (const phone of [silent, answered]) {
      await grantConsent(db, phone, 'whatsapp', { source: 'test' });
      await grantConsent(db, phone, 'sms', { source: 'test' });
      await messaging.queue(db, staffMessage(phone, null), NOON);
    }
    await worker.runOnce();
    const [delivered] = await rowsTo(answered);
    await applyProviderEvents(deps, 'whatsapp', [
      {
        kind: 'status',
        providerId: delivered!.provider_id!,
        status: 'delivered',
        at: new Date(NOON + 60_000).toISOString(),
        eventId: 'd-1',
      },
    ]);
    setClock(NOON + 29 * 60_000);
    await worker.runOnce();
    expect(sms.sent).toEqual([]);
    setClock(NOON + 30 * 60_000);
    await worker.runOnce();
    await worker.runOnce();
    expect(sms.sent.map((message) => message.to)).toEqual([silent]);
    const silentRows = await rowsTo(silent);
    expect(silentRows.map((row) => [row.channel, row.status])).toEqual([
      ['whatsapp', 'sent'],
      ['sms', 'sent'],
    ]);
    expect(silentRows[0]!.replaced_by).toBe(`sms #${silentRows[1]!.id}`);
    expect((await rowsTo(answered)).map((row) => [row.channel, row.status])).toEqual([['whatsapp', 'delivered']]);
    await stop();
  });

  it('sends by e-mail a message whose SMS failed on the handset, once, however often the receipt repeats', async () => {
    const sms = recordingDriver('termii', 'sms');
    const { messaging, worker, deps, stop } = setUp({ drivers: { sms: sms.driver } });
    const phone = freshNumber();
    await grantConsent(db, phone, 'sms', { source: 'test' });
    await messaging.queue(db, staffMessage(phone, 'ada.failed@example.ng'), NOON);
    await worker.runOnce();
    const [row] = await rowsTo(phone);
    const failed = {
      kind: 'status' as const,
      providerId: row!.provider_id!,
      status: 'failed' as const,
      at: new Date().toISOString(),
      error: 'Expired',
      eventId: `f-${row!.id}`,
    };
    expect(await applyProviderEvents(deps, 'termii', [failed])).toEqual({ applied: 1, repeats: 0 });
    expect(await applyProviderEvents(deps, 'termii', [failed])).toEqual({ applied: 0, repeats: 1 });
    expect((await rowsTo(phone)).map((r) => [r.status, r.replaced_by, r.last_error])).toEqual([
      ['failed', 'email', 'Expired'],
    ]);
    const mails = await mailsTo('ada.failed@example.ng');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain('Bring your card.');
    await stop();
  });

  it('moves a status forward only: a late "sent" receipt does not undo "delivered"', async () => {
    const sms = recordingDriver('termii', 'sms');
    const { messaging, worker, deps, stop } = setUp({ drivers: { sms: sms.driver } });
    const phone = freshNumber();
    await grantConsent(db, phone, 'sms', { source: 'test' });
    await messaging.queue(db, staffMessage(phone, null), NOON);
    await worker.runOnce();
    const [row] = await rowsTo(phone);
    const at = new Date().toISOString();
    await applyProviderEvents(deps, 'termii', [
      { kind: 'status', providerId: row!.provider_id!, status: 'delivered', at, eventId: `o-${row!.id}-d` },
      { kind: 'status', providerId: row!.provider_id!, status: 'sent', at, eventId: `o-${row!.id}-s` },
    ]);
    expect((await rowsTo(phone))[0]!.status).toBe('delivered');
    await stop();
  });

  it('a STOP withdraws consent on that channel, cancels what was queued there and hands it on; a repeat changes nothing', async () => {
    const { messaging, worker, deps, setClock, stop } = setUp({ fallback: 'sms,email' });
    const phone = freshNumber();
    await grantConsent(db, phone, 'sms', { source: 'test' });
    const evening = lagos('2026-11-27T22:00');
    setClock(evening);
    await messaging.queue(db, staffMessage(phone, 'ada.stop@example.ng'), evening);
    const stopEvent = {
      kind: 'inbound' as const,
      channel: 'sms' as const,
      from: phone,
      text: ' stop ',
      at: new Date().toISOString(),
      eventId: `in-${phone}`,
    };
    expect(await applyProviderEvents(deps, 'africastalking', [stopEvent])).toEqual({ applied: 1, repeats: 0 });
    expect(await applyProviderEvents(deps, 'africastalking', [stopEvent])).toEqual({ applied: 0, repeats: 1 });
    expect((await rowsTo(phone)).map((row) => [row.status, row.replaced_by])).toEqual([['cancelled', 'email']]);
    expect(await mailsTo('ada.stop@example.ng')).toHaveLength(1);
    const consents = await db
      .selectFrom('message_consents')
      .select(['action', 'source'])
      .where('phone_e164', '=', phone)
      .orderBy('id')
      .execute();
    expect(consents).toEqual([
      { action: 'granted', source: 'test' },
      { action: 'withdrawn', source: 'inbound sms' },
    ]);
    setClock(lagos('2026-11-28T09:00'));
    expect(await worker.runOnce()).toBe(0);
    expect(await messaging.queue(db, staffMessage(phone, null), lagos('2026-11-28T09:00'))).toBeNull();
    const audits = await db.selectFrom('audit_events').select('type').where('type', '=', 'messaging.opt_out').execute();
    expect(audits.length).toBeGreaterThanOrEqual(1);
    await stop();
  });

  it('cancels at sending time a text whose number withdrew after it was queued', async () => {
    const sms = recordingDriver('termii', 'sms');
    const { messaging, worker, setClock, stop } = setUp({ drivers: { sms: sms.driver }, fallback: 'sms' });
    const phone = freshNumber();
    await grantConsent(db, phone, 'sms', { source: 'test' });
    // Queued in the quiet hours, so the worker (which may tick at any moment) cannot send it before the withdrawal.
    const evening = lagos('2026-11-27T22:00');
    setClock(evening);
    await messaging.queue(db, staffMessage(phone, null), evening);
    // A withdrawal written straight to the table (as another node's STOP would be, between queue and send).
    await db
      .insertInto('message_consents')
      .values({
        phone_e164: phone,
        channel: 'sms',
        action: 'withdrawn',
        wording_version: null,
        source: 'test',
        user_id: null,
        request_id: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    setClock(lagos('2026-11-28T09:00'));
    expect(await worker.runOnce()).toBe(0);
    expect(sms.sent).toEqual([]);
    expect((await rowsTo(phone)).map((row) => [row.status, row.last_error])).toEqual([
      ['cancelled', 'consent withdrawn'],
    ]);
    await stop();
  });

  it('keeps the request and conversation a text belongs to', async () => {
    const { messaging, stop } = setUp();
    const phone = freshNumber();
    await grantConsent(db, phone, 'sms', { source: 'test' });
    const conversation = await db
      .insertInto('chat_conversations')
      .values({
        visitor_key: `v-${phone}`,
        last_activity_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await messaging.queue(db, { ...staffMessage(phone, null), conversationId: conversation.id }, NOON);
    expect((await rowsTo(phone)).map((row) => [row.conversation_id, row.request_id])).toEqual([
      [conversation.id, null],
    ]);
    await stop();
  });

  it('skips a channel the number stopped since, when it falls back', async () => {
    // The worker may pick the row up as soon as it is queued (its first tick starts with it), so WhatsApp's
    // refusal waits until the STOP is in: the fallback then always looks at consent after the patient's STOP.
    let stopApplied!: () => void;
    const afterStop = new Promise<void>((resolve) => (stopApplied = resolve));
    const whatsapp = recordingDriver('whatsapp', 'whatsapp', async () => {
      await afterStop;
      throw new ProviderError('no', false, 400);
    });
    const { messaging, worker, deps, stop } = setUp({ drivers: { whatsapp: whatsapp.driver } });
    const phone = freshNumber();
    await grantConsent(db, phone, 'whatsapp', { source: 'test' });
    await grantConsent(db, phone, 'sms', { source: 'test' });
    await messaging.queue(db, staffMessage(phone, 'ada.skip@example.ng'), NOON);
    await applyProviderEvents(deps, 'termii', [
      {
        kind: 'inbound',
        channel: 'sms',
        from: phone,
        text: 'STOP',
        at: new Date().toISOString(),
        eventId: `skip-${phone}`,
      },
    ]);
    stopApplied();
    await worker.runOnce();
    expect((await rowsTo(phone)).map((row) => [row.channel, row.status, row.replaced_by])).toEqual([
      ['whatsapp', 'failed', 'email'],
    ]);
    const [mail] = await mailsTo('ada.skip@example.ng');
    expect(mail!.subject).toBe('A message from Ilera Health about your request');
    expect(mail!.text_body).toContain('Message from our team about your request APT-TEST1:\n\nBring your card.');
    await stop();
  });

  it('tries the next channel when the first one of the order cannot carry it (e-mail first, no address)', async () => {
    const { messaging, stop } = setUp({ fallback: 'email,sms' });
    const phone = freshNumber();
    await grantConsent(db, phone, 'sms', { source: 'test' });
    expect(await messaging.queue(db, staffMessage(phone, null), NOON)).toMatchObject({ channel: 'sms' });
    await stop();
  });

  it("waits out the deadline after a WhatsApp 'sent' receipt: only delivered or read ends the wait", async () => {
    const whatsapp = recordingDriver('whatsapp', 'whatsapp');
    const sms = recordingDriver('termii', 'sms');
    const { messaging, worker, setClock, deps, stop } = setUp({
      drivers: { whatsapp: whatsapp.driver, sms: sms.driver },
    });
    const phone = freshNumber();
    await grantConsent(db, phone, 'whatsapp', { source: 'test' });
    await grantConsent(db, phone, 'sms', { source: 'test' });
    await messaging.queue(db, staffMessage(phone, null), NOON);
    await worker.runOnce();
    const [row] = await rowsTo(phone);
    await applyProviderEvents(deps, 'whatsapp', [
      {
        kind: 'status',
        providerId: row!.provider_id!,
        status: 'sent',
        at: new Date().toISOString(),
        eventId: `s-${row!.id}`,
      },
    ]);
    setClock(NOON + 30 * 60_000);
    await worker.runOnce();
    await worker.runOnce();
    // (Texts other tests left queued go too: this worker drains the shared queue.)
    expect(sms.sent.filter((message) => message.to === phone)).toHaveLength(1);
    await stop();
  });

  it('hands a failed receipt on once, and not at all when nothing is left to try', async () => {
    const sms = recordingDriver('termii', 'sms');
    const { messaging, worker, deps, stop } = setUp({ drivers: { sms: sms.driver }, fallback: 'sms' });
    const phone = freshNumber();
    await grantConsent(db, phone, 'sms', { source: 'test' });
    await messaging.queue(db, staffMessage(phone, 'ada.last@example.ng'), NOON);
    await worker.runOnce();
    const [row] = await rowsTo(phone);
    await applyProviderEvents(deps, 'termii', [
      {
        kind: 'status',
        providerId: row!.provider_id!,
        status: 'failed',
        at: new Date().toISOString(),
        eventId: `l-${row!.id}`,
      },
    ]);
    expect((await rowsTo(phone)).map((r) => [r.status, r.replaced_by])).toEqual([['failed', null]]);
    expect(await mailsTo('ada.last@example.ng')).toEqual([]);
    await stop();
  });

  it('audits an opt-out with its channel and source, and the number masked', async () => {
    const { deps, stop } = setUp();
    const phone = freshNumber();
    await grantConsent(db, phone, 'whatsapp', { source: 'test' });
    await applyProviderEvents(deps, 'whatsapp', [
      {
        kind: 'inbound',
        channel: 'whatsapp',
        from: phone,
        text: 'Stop',
        at: new Date().toISOString(),
        eventId: `a-${phone}`,
      },
    ]);
    const audit = await db
      .selectFrom('audit_events')
      .selectAll()
      .where('type', '=', 'messaging.opt_out')
      .where('subject', '=', `phone:${phone.slice(0, 4)}…${phone.slice(-2)}`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail!)).toEqual({ channel: 'whatsapp', source: 'inbound whatsapp' });
    await stop();
  });

  it('wakes its listeners when told something was queued, until they unsubscribe; links to the public site', () => {
    const messaging = createMessaging({
      env: loadEnv({ NODE_ENV: 'test', PUBLIC_ORIGIN: 'https://www.ilera.example' }),
    });
    let woken = 0;
    const unsubscribe = messaging.onQueued(() => woken++);
    messaging.notifyQueued();
    unsubscribe();
    messaging.notifyQueued();
    expect(woken).toBe(1);
    expect(messaging.link()).toBe('ilera.example/dashboard');
    expect(messaging.link('/')).toBe('ilera.example/');
    expect(createMessaging({ env: loadEnv({ NODE_ENV: 'test', PORT: '3100' }) }).link()).toBe(
      'localhost:3100/dashboard',
    );
  });

  it('applies a receipt that came before the send was recorded, once the provider id is stored', async () => {
    const late: { deps?: ReturnType<typeof setUp>['deps'] } = {};
    const fast = recordingDriver('termii', 'sms', async (message, call) => {
      const providerId = `fast-${call}-${message.to}`;
      // The provider posts its receipt before it answers the send.
      await applyProviderEvents(late.deps!, 'termii', [
        {
          kind: 'status',
          providerId,
          status: 'delivered',
          at: new Date(NOON - 5000).toISOString(),
          eventId: `e-${providerId}`,
        },
      ]);
      return { providerId };
    });
    const world = setUp({ drivers: { sms: fast.driver } });
    late.deps = world.deps;
    const phone = freshNumber();
    await grantConsent(db, phone, 'sms', { source: 'test' });
    await world.messaging.queue(db, staffMessage(phone, null), NOON);
    await world.worker.runOnce();
    const [row] = await rowsTo(phone);
    expect(row!.status).toBe('delivered');
    // Never before the send: the provider's clock was behind ours.
    expect(row!.status_at >= row!.sent_at!).toBe(true);
    expect(await db.selectFrom('messaging_early_receipts').selectAll().execute()).toEqual([]);
    await world.stop();
  });

  it('sends after a restart what a stopped worker left queued: the queue is the database', async () => {
    const before = setUp();
    const phone = freshNumber();
    await grantConsent(db, phone, 'sms', { source: 'test' });
    const evening = lagos('2026-11-27T22:00');
    before.setClock(evening);
    await before.messaging.queue(db, staffMessage(phone, null), evening);
    await before.worker.runOnce();
    await before.stop();
    expect((await rowsTo(phone)).map((row) => row.status)).toEqual(['queued']);

    const sms = recordingDriver('termii', 'sms');
    const after = setUp({ drivers: { sms: sms.driver } });
    after.setClock(lagos('2026-11-28T08:00'));
    await after.worker.runOnce();
    expect(sms.sent.filter((message) => message.to === phone)).toHaveLength(1);
    expect((await rowsTo(phone)).map((row) => row.status)).toEqual(['sent']);
    await after.stop();
  });
});
