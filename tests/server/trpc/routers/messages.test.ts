import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboundMessages, type NewOutboundMessage } from '../../../../server/data/outbound-messages';
import { grantConsent } from '../../../../server/messaging/consents';
import { TEMPLATE_NAMES } from '../../../../server/messaging/message-templates';
import { MESSAGE_TEMPLATE_KEYS } from '../../../../shared/messaging/staff-messages';
import {
  WHATSAPP_DESK_TEMPLATE_NAMES,
  WHATSAPP_FREE_TEXT,
  WHATSAPP_RATING_ASK,
} from '../../../../shared/messaging/whatsapp-desk';
import { codeOf, startStaffWorld } from './staff-fixtures';

let world: Awaited<ReturnType<typeof startStaffWorld>>;
beforeEach(async () => {
  world = await startStaffWorld();
});
afterEach(() => world.close());

const text = (overrides: Partial<NewOutboundMessage> = {}): NewOutboundMessage => ({
  recipient: '+2348031230001',
  channel: 'sms',
  template: 'request_received',
  language: 'en',
  params: JSON.stringify({ reference: 'APT-1', link: 'example.com', noun: 'appointment' }),
  text_body: 'Ilera: we have your appointment.',
  encoding: 'GSM-7',
  segments: 1,
  next_attempt_at: Date.parse('2026-11-27T09:00:00Z'),
  fallback: '',
  fallback_due_at: null,
  fallback_email: null,
  replaced_by: null,
  request_id: null,
  conversation_id: null,
  ...overrides,
});

const insertText = (overrides: Partial<NewOutboundMessage> = {}) => outboundMessages.insert(world.db, text(overrides));

describe('staff.messages.list', () => {
  it('lists newest first with the request reference and filters by channel, status, template, number and request', async () => {
    const { caller } = await world.person('agent');
    const request = await world.submit('appointment');
    const received = await insertText({ request_id: request.id });
    const whatsapp = await insertText({ channel: 'whatsapp', template: 'request_confirmed', request_id: request.id });
    const other = await insertText({ recipient: '+2349012345678', template: 'staff_message' });
    await outboundMessages.markSent(world.db, whatsapp.id, {
      provider: 'sink',
      providerId: 'sink-1',
      attempts: 1,
      fallbackDueAt: null,
    });

    const all = await caller.staff.messages.list({});
    expect(all.rows.map((row) => row.id)).toEqual([other.id, whatsapp.id, received.id]);
    expect(all.nextCursor).toBeNull();
    expect(all.rows[1]).toMatchObject({
      channel: 'whatsapp',
      status: 'sent',
      provider: 'sink',
      requestId: request.id,
      requestReference: request.reference,
      segments: 1,
      encoding: 'GSM-7',
      nextAttemptAt: null,
    });
    expect(all.rows[2]).toMatchObject({ status: 'queued', nextAttemptAt: '2026-11-27T09:00:00.000Z' });
    expect(all.rows[0]).toMatchObject({ requestId: null, requestReference: null });
    // No template values and no text body leave the server in a row.
    expect(Object.keys(all.rows[0]!)).not.toEqual(expect.arrayContaining(['params']));
    expect(JSON.stringify(all.rows)).not.toContain('we have your appointment');

    const ids = async (filter: Parameters<typeof caller.staff.messages.list>[0]) =>
      (await caller.staff.messages.list(filter)).rows.map((row) => row.id);
    expect(await ids({ channel: 'whatsapp' })).toEqual([whatsapp.id]);
    expect(await ids({ status: 'queued' })).toEqual([other.id, received.id]);
    expect(await ids({ template: 'staff_message' })).toEqual([other.id]);
    expect(await ids({ requestId: request.id })).toEqual([whatsapp.id, received.id]);
    expect(await ids({ recipient: '0901 234' })).toEqual([other.id]);
    expect(await ids({ recipient: '+234 803 123' })).toEqual([whatsapp.id, received.id]);
    expect(await ids({ channel: 'sms', status: 'queued', recipient: '803' })).toEqual([received.id]);
    expect(await ids({ recipient: 'no digits' })).toHaveLength(3);
  });

  it('pages 50 at a time by keyset: no duplicates, no gaps', async () => {
    const { caller } = await world.person('admin');
    const ids: number[] = [];
    for (let n = 0; n < 120; n++)
      ids.push((await insertText({ recipient: `+23480312${String(n).padStart(5, '0')}` })).id);
    const pages: number[][] = [];
    let cursor: number | undefined;
    do {
      const page = await caller.staff.messages.list({ cursor });
      pages.push(page.rows.map((row) => row.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(pages.map((page) => page.length)).toEqual([50, 50, 20]);
    expect(pages.flat()).toEqual([...ids].reverse());
  });

  it('refuses a filter it does not know', async () => {
    const { caller } = await world.person('agent');
    expect(await codeOf(caller.staff.messages.list({ channel: 'pigeon' as never }))).toBe('BAD_REQUEST');
    expect(await codeOf(caller.staff.messages.list({ template: 'marketing' as never }))).toBe('BAD_REQUEST');
  });

  it('names every template the server sends', () => {
    const desk = [WHATSAPP_FREE_TEXT, WHATSAPP_RATING_ASK, ...WHATSAPP_DESK_TEMPLATE_NAMES];
    expect([...MESSAGE_TEMPLATE_KEYS].sort()).toEqual([...TEMPLATE_NAMES, ...desk].sort());
  });
});

describe('staff.messages.driver', () => {
  it('says which drivers send: the sink by default', async () => {
    const { caller } = await world.person('agent');
    expect(await caller.staff.messages.driver()).toEqual(['sink']);
  });
});

describe('staff.messages.forRequest', () => {
  it("gives the request's texts and its number's consent on each channel, with the history", async () => {
    const { caller } = await world.person('agent');
    const request = await world.submit('appointment', 4242);
    const phone = '+2348031234242';
    await grantConsent(world.db, phone, 'sms', { source: 'appointment form', requestId: request.id });
    await caller.staff.setStatus({
      id: request.id,
      status: 'confirmed',
      confirmedDate: '2026-12-01',
      confirmedTime: '10:00',
    });
    await insertText({ recipient: phone, request_id: null });

    const texts = await caller.staff.messages.forRequest({ id: request.id });
    expect(texts.phoneE164).toBe(phone);
    expect(texts.messages.map((row) => [row.channel, row.template, row.status, row.requestReference])).toEqual([
      ['sms', 'request_confirmed', 'queued', request.reference],
    ]);
    expect(texts.consent).toEqual({
      sms: { granted: true, at: expect.any(String), source: 'appointment form' },
      whatsapp: null,
    });
    expect(texts.consentHistory.map((change) => [change.channel, change.granted, change.source])).toEqual([
      ['sms', true, 'appointment form'],
    ]);
    expect(await codeOf(caller.staff.messages.forRequest({ id: request.id + 1000 }))).toBe('NOT_FOUND');
  });

  it('has no consent to show for a request without a number', async () => {
    const { caller } = await world.person('agent');
    const request = await world.submit('appointment');
    await world.db.updateTable('requests').set({ phone_e164: null }).where('id', '=', request.id).execute();
    expect(await caller.staff.messages.forRequest({ id: request.id })).toEqual({
      phoneE164: null,
      messages: [],
      consent: null,
      consentHistory: [],
    });
  });
});

describe('staff.messages.withdrawConsent', () => {
  it("records the patient's 'stop' as staff's, cancels what was queued, audits it, and sends nothing more", async () => {
    const { caller, user } = await world.person('agent');
    const request = await world.submit('appointment', 5151);
    const phone = '+2348031235151';
    await grantConsent(world.db, phone, 'sms', { source: 'appointment form', requestId: request.id });
    await grantConsent(world.db, phone, 'whatsapp', { source: 'appointment form', requestId: request.id });
    const queued = await insertText({ recipient: phone, request_id: request.id });

    const after = await caller.staff.messages.withdrawConsent({ requestId: request.id, channel: 'sms' });
    expect(after.consent).toMatchObject({ sms: { granted: false, source: 'staff' }, whatsapp: { granted: true } });
    expect(after.messages.find((row) => row.id === queued.id)).toMatchObject({
      status: 'cancelled',
      lastError: 'consent withdrawn',
    });
    const stored = await world.db
      .selectFrom('message_consents')
      .select(['action', 'source', 'user_id', 'request_id'])
      .where('phone_e164', '=', phone)
      .where('channel', '=', 'sms')
      .orderBy('id')
      .execute();
    expect(stored.at(-1)).toEqual({ action: 'withdrawn', source: 'staff', user_id: user.id, request_id: request.id });
    const audited = await world.db
      .selectFrom('audit_events')
      .select(['type', 'actor_user_id'])
      .where('type', '=', 'messaging.opt_out')
      .execute();
    expect(audited).toEqual([{ type: 'messaging.opt_out', actor_user_id: user.id }]);

    // A second click from a page left open records nothing more.
    await caller.staff.messages.withdrawConsent({ requestId: request.id, channel: 'sms' });
    expect(
      await world.db.selectFrom('message_consents').select('id').where('action', '=', 'withdrawn').execute(),
    ).toHaveLength(1);

    // With SMS off, staff's message goes by the channel still on, never by SMS.
    await caller.staff.messagePatient({ id: request.id, body: 'We will call you.' });
    const texts = await caller.staff.messages.forRequest({ id: request.id });
    expect(texts.messages.filter((row) => row.status === 'queued').map((row) => row.channel)).toEqual(['whatsapp']);
  });

  it('refuses an unknown request, and a request without a number', async () => {
    const { caller } = await world.person('agent');
    const request = await world.submit('appointment');
    expect(await codeOf(caller.staff.messages.withdrawConsent({ requestId: request.id + 99, channel: 'sms' }))).toBe(
      'NOT_FOUND',
    );
    await world.db.updateTable('requests').set({ phone_e164: null }).where('id', '=', request.id).execute();
    expect(await codeOf(caller.staff.messages.withdrawConsent({ requestId: request.id, channel: 'sms' }))).toBe(
      'BAD_REQUEST',
    );
  });
});
