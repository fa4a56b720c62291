import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../../../server/env';
import { startFakeProvider, type FakeProvider } from '../../../server/messaging/fake-provider/fake-provider';
import { appEnvLines, FAKE_CREDENTIAL_DEFAULTS } from '../../../server/messaging/fake-provider/fake-provider-settings';
import type { FakeProviderName } from '../../../server/messaging/fake-provider/fake-provider-types';
import { ProviderError, type ProviderWebhook, type WebhookRequest } from '../../../server/messaging/messaging-types';
import { createDrivers, createWebhooks } from '../../../server/messaging/providers/index';
import { waitFor } from '../../helpers/wait-for';

/** Stands in for the app's webhook route: hands each post to the provider's webhook as the route will. */
async function startWebhookRoute() {
  const requests: { provider: string; request: WebhookRequest }[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://app.invalid');
      requests.push({
        provider: url.pathname.replace('/webhooks/', ''),
        request: {
          method: incoming.method ?? 'POST',
          rawBody: Buffer.concat(chunks),
          headers: incoming.headers,
          query: Object.fromEntries(url.searchParams),
        },
      });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** The app's env as the fake prints it, with the drivers named. */
const appEnv = (lines: string[], drivers: string) =>
  loadEnv({ ...Object.fromEntries(lines.map((line) => line.split(/=(.*)/s))), MESSAGING_DRIVER: drivers });

async function setUp(drivers: string) {
  const route = await startWebhookRoute();
  const fake: FakeProvider = await startFakeProvider({ port: 0, appUrl: route.url, autoDeliverMs: null });
  cleanups.push(() => fake.close(), route.close);
  const env = appEnv(appEnvLines(fake.url, FAKE_CREDENTIAL_DEFAULTS), drivers);
  return { route, fake, drivers: createDrivers(env), webhooks: createWebhooks(env) };
}

async function nthCallback(route: Awaited<ReturnType<typeof startWebhookRoute>>, count: number) {
  await waitFor(() => route.requests.length >= count);
  return route.requests[count - 1]!;
}

function read(
  webhooks: Partial<Record<FakeProviderName, ProviderWebhook>>,
  posted: { provider: string; request: WebhookRequest },
) {
  const webhook = webhooks[posted.provider as FakeProviderName]!;
  expect(webhook.verify(posted.request)).toBe(true);
  return webhook.parse(posted.request);
}

describe.each([
  ['termii', 'termii,whatsapp', 'sms'],
  ['africastalking', 'africastalking,whatsapp', 'sms'],
  ['whatsapp', 'termii,whatsapp', 'whatsapp'],
] as const)("the app's %s driver and webhook against the fake", (provider, drivers, channel) => {
  it('sends, and reads the receipt and a STOP the fake posts back', async () => {
    const { route, fake, drivers: byChannel, webhooks } = await setUp(drivers);
    const driver = byChannel[channel]!;
    const { providerId } = await driver.send({
      to: '+2348031234567',
      text: 'Ilera: ILR-4821 is confirmed',
      template: 'request_confirmed',
    });
    expect(fake.messages()).toEqual([expect.objectContaining({ id: providerId, provider, to: '+2348031234567' })]);
    await fake.deliver(providerId, 'delivered');
    expect(read(webhooks, await nthCallback(route, 1))).toEqual([
      expect.objectContaining({ kind: 'status', providerId, status: 'delivered' }),
    ]);
    await fake.deliver(providerId, 'failed');
    expect(read(webhooks, await nthCallback(route, 2))).toEqual([
      expect.objectContaining({ kind: 'status', providerId, status: 'failed', error: expect.any(String) }),
    ]);
    await fake.reply('+2348031234567', 'STOP', provider);
    expect(read(webhooks, await nthCallback(route, 3))).toEqual([
      expect.objectContaining({ kind: 'inbound', channel, from: '+2348031234567', text: 'STOP' }),
    ]);
  });

  it('turns an outage into a retryable ProviderError and keeps nothing', async () => {
    const { fake, drivers: byChannel } = await setUp(drivers);
    fake.setOutage(true);
    const error = await byChannel[channel]!.send({ to: '+2348031234567', text: 'x', template: 't' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ retryable: true, status: 503 });
    expect(fake.messages()).toEqual([]);
  });
});

it("reads the fake's Termii sent_at (Lagos time, no zone) as the moment the fake took the message", async () => {
  const { route, fake, drivers, webhooks } = await setUp('termii');
  const { providerId } = await drivers.sms!.send({ to: '+2348031234567', text: 'x', template: 't' });
  await fake.deliver(providerId, 'delivered');
  const [event] = read(webhooks, await nthCallback(route, 1));
  expect(event!.at).toBe(fake.messages()[0]!.receivedAt.replace(/\.\d{3}Z$/, '.000Z'));
});

it("gets a final ProviderError from the fake's refusal of a key it does not know", async () => {
  const { fake } = await setUp('termii,whatsapp');
  const lines = appEnvLines(fake.url, {
    ...FAKE_CREDENTIAL_DEFAULTS,
    TERMII_API_KEY: 'someone-else',
    WHATSAPP_ACCESS_TOKEN: 'nope',
    AT_API_KEY: 'nope',
  });
  const refused: string[] = [];
  for (const drivers of ['termii,whatsapp', 'africastalking']) {
    for (const driver of Object.values(createDrivers(appEnv(lines, drivers)))) {
      const error = await driver.send({ to: '+2348031234567', text: 'x', template: 't' }).catch((e: unknown) => e);
      expect(error, driver.name).toMatchObject({ retryable: false, status: 401 });
      refused.push(driver.name);
    }
  }
  expect(refused.sort()).toEqual(['africastalking', 'termii', 'whatsapp']);
  expect(fake.messages()).toEqual([]);
});

it('shows a WhatsApp template the driver sends by its name and parameters', async () => {
  const { fake, drivers } = await setUp('whatsapp');
  await drivers.whatsapp!.send({
    to: '+2348031234567',
    text: 'Ilera: ILR-4821 is confirmed',
    template: 'request_confirmed',
    whatsappTemplate: { name: 'request_confirmed', language: 'en', parameters: ['ILR-4821', '12 Dec'] },
  });
  expect(fake.messages()[0]).toMatchObject({
    route: 'template',
    text: '[template request_confirmed, en] ILR-4821 | 12 Dec',
  });
});
