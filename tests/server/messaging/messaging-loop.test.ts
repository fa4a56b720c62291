/**
 * Issue #27's whole loop, as a tester sees it on a laptop: the app sends through the fake provider, which answers as
 * Termii does and posts signed delivery receipts and a STOP back to the app's webhooks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../../server/env';
import { grantConsent } from '../../../server/messaging/consents';
import { users } from '../../../server/data/users';
import { startFakeProvider, type FakeProvider } from '../../../server/messaging/fake-provider/fake-provider';
import { appEnvFor, fakeCredentialsFrom } from '../../../server/messaging/fake-provider/fake-provider-settings';
import { startMessagingWorker, type MessagingWorker } from '../../../server/messaging/messaging-worker';
import { createDrivers } from '../../../server/messaging/providers';
import { messagePatient } from '../../../server/requests/message';
import { setRequestStatus } from '../../../server/requests/set-status';
import { lagosToday } from '../../../shared/lagos-date';
import { startTestServer } from '../../helpers/test-server';
import { waitFor } from '../../helpers/wait-for';
import { human, post } from '../trpc/routers/forms-fixtures';

const PHONE = '+2348035550101';
/** The app's env for the fake, as `npm run messages:fake -- --print-env` prints it, with this test's fake's address. */
const fakeEnv = (fakeUrl: string) => appEnvFor(fakeUrl, fakeCredentialsFrom({}));

let server: Awaited<ReturnType<typeof startTestServer>>;
let fake: FakeProvider;
let worker: MessagingWorker;
beforeAll(async () => {
  // The fake needs the app's address and the app the fake's: the app's webhooks need only the secrets, which do not
  // depend on the address, and the worker's drivers are made once the fake listens.
  server = await startTestServer({ env: { ...fakeEnv('http://127.0.0.1:9'), MESSAGING_QUIET_HOURS: 'off' } });
  fake = await startFakeProvider({ port: 0, appUrl: server.baseUrl, autoDeliverMs: 20 });
  const env = loadEnv({ NODE_ENV: 'test', ...fakeEnv(fake.url), MESSAGING_QUIET_HOURS: 'off' });
  worker = startMessagingWorker({
    db: server.db,
    env,
    logger: server.services.logger,
    messaging: server.services.messaging,
    mail: server.services.mail,
    drivers: createDrivers(env),
    pollMs: 100,
    backoffBaseMs: 200,
  });
});
afterAll(async () => {
  await worker.stop();
  await fake.close();
  await server.close();
});

const texts = (template: string) =>
  server.db.selectFrom('outbound_messages').selectAll().where('template', '=', template).execute();

describe('SMS through the fake provider', () => {
  it('a request confirmed by staff, with SMS consent, sends one text and gets one delivery receipt; after STOP nothing is sent', async () => {
    const submitted = await post(server.baseUrl, 'submitAppointment', {
      fullName: 'Ada Obi',
      email: 'ada.loop@example.ng',
      phone: '0803 555 0101',
      preferredDate: lagosToday(),
      serviceType: 'General Check-up',
      smsConsent: true,
      ...human,
    });
    expect(submitted.status).toBe(200);
    const request = await server.db
      .selectFrom('requests')
      .selectAll()
      .where('email', '=', 'ada.loop@example.ng')
      .executeTakeFirstOrThrow();
    const agent = await users.create(server.db, {
      email: 'agent.loop@example.ng',
      fullName: 'Bola Agent',
      passwordHash: 'x',
      role: 'agent',
      confirmed: true,
    });
    const by = { kind: 'staff' as const, userId: agent.id, ip: '192.0.2.1' };
    await setRequestStatus(server.services, by, {
      id: request.id,
      status: 'confirmed',
      confirmedDate: lagosToday(),
      confirmedTime: '10:00',
    });

    await waitFor(async () => (await texts('request_confirmed'))[0]?.status === 'delivered', 10_000, 'receipt');
    const [confirmed] = await texts('request_confirmed');
    expect(confirmed).toMatchObject({ recipient: PHONE, channel: 'sms', provider: 'termii', request_id: request.id });
    expect(await texts('request_confirmed')).toHaveLength(1);
    const sentToFake = () => fake.messages().filter((message) => message.text === confirmed!.text_body);
    expect(sentToFake().map((message) => [message.provider, message.to])).toEqual([['termii', PHONE]]);
    // The receipt is stored before the app answers the fake's callback: the fake records the answer just after.
    await waitFor(() => sentToFake()[0]!.callbacks.length > 0, 10_000, "the app's answer to the receipt");
    expect(sentToFake()[0]!.callbacks.map((callback) => callback.result)).toEqual([200]);

    const stopped = await fake.reply(PHONE, 'STOP', 'termii');
    expect(stopped.result).toBe(200);
    const { delivery } = await messagePatient(server.services, by, { id: request.id, body: 'Please bring your card.' });
    expect(delivery?.channel).toBe('email');
    expect(await texts('staff_message')).toEqual([]);
  });

  it('keeps texts queued through a provider outage, reports their age on /healthz, and sends them after it', async () => {
    const phone = '+2348035550303';
    await grantConsent(server.db, phone, 'sms', { source: 'test' });
    fake.setOutage(true);
    const queued = await server.services.messaging.queue(server.db, {
      template: 'request_received',
      params: { reference: 'APT-OUTAGE', link: 'ilera.example/dashboard', noun: 'appointment' },
      phoneE164: phone,
      fallbackEmail: null,
      name: 'Ada',
    });
    server.services.messaging.notifyQueued();
    const row = () =>
      server.db.selectFrom('outbound_messages').selectAll().where('id', '=', queued!.id!).executeTakeFirstOrThrow();
    await waitFor(async () => (await row()).attempts >= 2, 10_000, 'two refused attempts');
    expect(await row()).toMatchObject({ status: 'queued', provider: null });
    expect((await row()).last_error).toMatch(/503/);
    const health = (await (await fetch(`${server.baseUrl}/healthz`)).json()) as { messages: { queued: number } };
    expect(health.messages.queued).toBeGreaterThanOrEqual(1);

    fake.setOutage(false);
    await waitFor(async () => (await row()).status !== 'queued', 10_000, 'sent after the outage');
    expect((await row()).provider).toBe('termii');
    expect(fake.messages().filter((message) => message.to === phone)).toHaveLength(1);
  });
});
