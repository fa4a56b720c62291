import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../../server/data/users';
import { messageConsents } from '../../../../server/data/message-consents';
import { createAuditLog } from '../../../../server/audit/audit-log';
import { createLogger } from '../../../../server/logger';
import { createMailQueue } from '../../../../server/mail/mail-queue';
import { createMessaging } from '../../../../server/messaging/messaging-service';
import { applyProviderEvents } from '../../../../server/messaging/provider-events';
import { lagosToday } from '../../../../shared/lagos-date';
import { codeOf, startStaffWorld } from './staff-fixtures';

let world: Awaited<ReturnType<typeof startStaffWorld>>;
beforeEach(async () => {
  world = await startStaffWorld();
});
afterEach(() => world.close());

let sent = 0;
/** The public appointment form, sent with this address, phone and boxes. */
function sendAppointment(email: string, phone: string, boxes: { smsConsent?: boolean; whatsappConsent?: boolean }) {
  return world.callerFor(null).forms.submitAppointment({
    fullName: 'Ngozi Eze',
    email,
    phone,
    preferredDate: lagosToday(),
    serviceType: 'General Check-up',
    website: '',
    fillMs: 5000,
    idempotencyKey: `consent-test-key-${++sent}-${Date.now()}`,
    ...boxes,
  });
}

async function patient(email: string, confirmed = true) {
  const row = await users.create(world.db, { email, fullName: 'Ngozi Eze', passwordHash: 'x', confirmed });
  const user = { id: row.id, email: row.email, fullName: row.full_name, role: 'patient' as const };
  return { user, caller: world.callerFor(user) };
}

const queuedTexts = (phone: string) =>
  world.db
    .selectFrom('outbound_messages')
    .select(['template', 'status'])
    .where('recipient', '=', phone)
    .orderBy('id')
    .execute();

const auditOf = (type: 'messaging.consent' | 'messaging.opt_out') =>
  world.db.selectFrom('audit_events').select(['actor_user_id', 'subject']).where('type', '=', type).execute();

describe("the account page's 'Updates on your phone' (issue #27.5)", () => {
  it("lists each number on the patient's own requests once, with where SMS and WhatsApp stand", async () => {
    await sendAppointment('ngozi@example.com', '0803 123 4567', { smsConsent: true });
    await sendAppointment('NGOZI@example.com', '+234 803 123 4567', {});
    await sendAppointment('ngozi@example.com', '0805 000 1111', {});
    await sendAppointment('someone.else@example.com', '0809 999 0000', { smsConsent: true });
    await sendAppointment('ngozi@example.com', '', {});
    const { caller } = await patient('ngozi@example.com');
    const answer = await caller.patient.messageConsents();
    expect(answer).toEqual({
      confirmed: true,
      numbers: [
        {
          phoneE164: '+2348031234567',
          display: '+234 803 123 4567',
          sms: { status: 'on', since: expect.any(String) },
          whatsapp: { status: 'off' },
        },
        {
          phoneE164: '+2348050001111',
          display: '+234 805 000 1111',
          sms: { status: 'off' },
          whatsapp: { status: 'off' },
        },
      ],
    });
    const unconfirmed = await patient('unconfirmed@example.com', false);
    await sendAppointment('unconfirmed@example.com', '0803 555 6666', { smsConsent: true });
    expect(await unconfirmed.caller.patient.messageConsents()).toEqual({ confirmed: false, numbers: [] });
    expect(await codeOf(world.callerFor(null).patient.messageConsents())).toBe('UNAUTHORIZED');
  });

  it("changes only the account's own numbers: anyone else's, or an unconfirmed account's, is NOT_FOUND", async () => {
    await sendAppointment('ngozi@example.com', '0803 123 4567', {});
    await sendAppointment('someone.else@example.com', '0809 999 0000', { smsConsent: true });
    const { caller } = await patient('ngozi@example.com');
    expect(
      await codeOf(caller.patient.setMessageConsent({ phoneE164: '+2348099990000', channel: 'sms', on: false })),
    ).toBe('NOT_FOUND');
    expect(
      await codeOf(caller.patient.setMessageConsent({ phoneE164: '+2348011112222', channel: 'sms', on: true })),
    ).toBe('NOT_FOUND');
    const unconfirmed = await patient('late@example.com', false);
    await sendAppointment('late@example.com', '0803 777 8888', {});
    expect(
      await codeOf(
        unconfirmed.caller.patient.setMessageConsent({ phoneE164: '+2348037778888', channel: 'sms', on: true }),
      ),
    ).toBe('NOT_FOUND');
    expect(await messageConsents.stateOf(world.db, '+2348099990000')).toMatchObject({ sms: { granted: true } });
    expect(await messageConsents.history(world.db, '+2348037778888')).toEqual([]);
    expect(
      await codeOf(
        world.callerFor(null).patient.setMessageConsent({ phoneE164: '+2348031234567', channel: 'sms', on: true }),
      ),
    ).toBe('UNAUTHORIZED');
  });

  it('turns WhatsApp on with the wording version, audited once even when clicked twice', async () => {
    await sendAppointment('ngozi@example.com', '0803 123 4567', {});
    const { user, caller } = await patient('ngozi@example.com');
    const change = { phoneE164: '+2348031234567', channel: 'whatsapp', on: true } as const;
    expect(await caller.patient.setMessageConsent(change)).toMatchObject({ whatsapp: { status: 'on' } });
    await caller.patient.setMessageConsent(change);
    const history = await messageConsents.history(world.db, '+2348031234567');
    expect(history).toEqual([
      expect.objectContaining({
        channel: 'whatsapp',
        action: 'granted',
        source: 'account',
        user_id: user.id,
        wording_version: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      }),
    ]);
    expect(await auditOf('messaging.consent')).toEqual([{ actor_user_id: user.id, subject: 'phone:+234…67' }]);
  });

  it('withdraws with one call: the queued text is cancelled, the withdrawal recorded and audited', async () => {
    await sendAppointment('ngozi@example.com', '0803 123 4567', { smsConsent: true });
    expect(await queuedTexts('+2348031234567')).toEqual([{ template: 'request_received', status: 'queued' }]);
    const { user, caller } = await patient('ngozi@example.com');
    const answer = await caller.patient.setMessageConsent({ phoneE164: '+2348031234567', channel: 'sms', on: false });
    expect(answer.sms).toEqual({ status: 'off' });
    expect(await queuedTexts('+2348031234567')).toEqual([{ template: 'request_received', status: 'cancelled' }]);
    expect((await messageConsents.history(world.db, '+2348031234567')).map((row) => [row.action, row.source])).toEqual([
      ['granted', 'appointment form'],
      ['withdrawn', 'account'],
    ]);
    expect(await auditOf('messaging.opt_out')).toEqual([{ actor_user_id: user.id, subject: 'phone:+234…67' }]);
  });

  it('after a STOP reply the number shows as stopped, with the day; turning it on again is the patient’s choice', async () => {
    await sendAppointment('ngozi@example.com', '0803 123 4567', { smsConsent: true });
    const logger = createLogger('silent');
    const webhookDeps = {
      db: world.db,
      logger,
      audit: createAuditLog({ db: world.db, logger }),
      messaging: createMessaging({ env: world.env }),
      mail: createMailQueue(world.db),
    };
    await applyProviderEvents(webhookDeps, 'termii', [
      {
        kind: 'inbound',
        eventId: 'stop-1',
        channel: 'sms',
        from: '+2348031234567',
        text: 'Stop',
        at: new Date().toISOString(),
      },
    ]);
    const { caller } = await patient('ngozi@example.com');
    const [number] = (await caller.patient.messageConsents()).numbers;
    expect(number?.sms).toEqual({ status: 'stopped', since: expect.any(String) });
    const again = await caller.patient.setMessageConsent({ phoneE164: '+2348031234567', channel: 'sms', on: true });
    expect(again.sms).toMatchObject({ status: 'on' });
  });
});
