import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../../../server/env';
import { createDrivers, createWebhooks } from '../../../../server/messaging/providers/index';

const termii = { TERMII_API_KEY: 'termii-key', TERMII_SENDER_ID: 'Ilera', TERMII_SECRET_KEY: 'termii-secret' };
const africasTalking = {
  AT_USERNAME: 'ilera',
  AT_API_KEY: 'at-key',
  AT_WEBHOOK_TOKEN: 'at-webhook-token-0123456789abcdef',
};
const whatsapp = {
  WHATSAPP_ACCESS_TOKEN: 'wa-token',
  WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
  WHATSAPP_APP_SECRET: 'wa-secret',
  WHATSAPP_VERIFY_TOKEN: 'wa-verify',
};

/** A fetch that answers every call itself and keeps the URLs: which driver sent shows in where it went. */
function answeringFetch(body: unknown) {
  const urls: string[] = [];
  const fetchImpl: typeof fetch = (input) => {
    urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return Promise.resolve(Response.json(body, { status: 201 }));
  };
  return { urls, fetchImpl };
}

describe('createDrivers', () => {
  it('gives no driver for the sink: every channel falls to it', () => {
    expect(createDrivers(loadEnv({}))).toEqual({});
    expect(createDrivers(loadEnv({ MESSAGING_DRIVER: 'sink', ...termii }))).toEqual({});
  });

  it('puts Termii on SMS and WhatsApp on WhatsApp, each with the settings and the fetch it was given', async () => {
    const env = loadEnv({ MESSAGING_DRIVER: 'termii,whatsapp', ...termii, ...whatsapp });
    const { urls, fetchImpl } = answeringFetch({ message_id: '1', messages: [{ id: 'wamid.1' }] });
    const drivers = createDrivers(env, fetchImpl);
    expect(Object.keys(drivers).sort()).toEqual(['sms', 'whatsapp']);
    expect(drivers.sms).toMatchObject({ name: 'termii', channel: 'sms' });
    expect(drivers.whatsapp).toMatchObject({ name: 'whatsapp', channel: 'whatsapp' });

    const message = { to: '+2348031234567', text: 'Hello', template: 'test' };
    await expect(drivers.sms!.send(message)).resolves.toEqual({ providerId: '1' });
    await expect(drivers.whatsapp!.send(message)).resolves.toEqual({ providerId: 'wamid.1' });
    expect(urls).toEqual([
      'https://v3.api.termii.com/api/sms/send',
      'https://graph.facebook.com/v21.0/106540352242922/messages',
    ]);
  });

  it("puts Africa's Talking on SMS beside the sink", async () => {
    const env = loadEnv({ MESSAGING_DRIVER: 'sink,africastalking', ...africasTalking });
    const answer = { SMSMessageData: { Recipients: [{ statusCode: 101, messageId: 'ATXid_1' }] } };
    const { urls, fetchImpl } = answeringFetch(answer);
    const drivers = createDrivers(env, fetchImpl);
    expect(Object.keys(drivers)).toEqual(['sms']);
    await expect(drivers.sms!.send({ to: '+2348031234567', text: 'Hello', template: 'test' })).resolves.toEqual({
      providerId: 'ATXid_1',
    });
    expect(urls).toEqual(['https://api.africastalking.com/version1/messaging']);
  });

  it('refuses an env built without loadEnv that lacks a named driver’s setting', () => {
    const env = { ...loadEnv({}), MESSAGING_DRIVER: ['termii' as const], TERMII_SENDER_ID: 'Ilera' };
    expect(() => createDrivers(env)).toThrow('TERMII_API_KEY is not set');
  });
});

describe('createWebhooks', () => {
  it('gives none when no provider is set up', () => {
    expect(createWebhooks(loadEnv({}))).toEqual({});
  });

  it('gives the webhook of each provider whose callback secret is set, sending or not', () => {
    const env = loadEnv({ MESSAGING_DRIVER: 'whatsapp', ...whatsapp, ...termii, ...africasTalking });
    const webhooks = createWebhooks(env);
    expect(Object.keys(webhooks).sort()).toEqual(['africastalking', 'termii', 'whatsapp']);
    for (const [name, webhook] of Object.entries(webhooks)) expect(webhook.provider).toBe(name);
    expect(webhooks.whatsapp!.challenge).toBeTypeOf('function');
  });

  it('checks each callback with its own secret', () => {
    const webhooks = createWebhooks(loadEnv({ MESSAGING_DRIVER: 'africastalking', ...africasTalking }));
    const request = { method: 'POST', rawBody: Buffer.from('id=1&status=Success'), headers: {} };
    expect(webhooks.africastalking!.verify({ ...request, query: { token: africasTalking.AT_WEBHOOK_TOKEN } })).toBe(
      true,
    );
    expect(webhooks.africastalking!.verify({ ...request, query: { token: 'at-webhook-token-guess-000000' } })).toBe(
      false,
    );
  });

  it('refuses a named driver without its webhook secret (an env built without loadEnv)', () => {
    const env = { ...loadEnv({}), MESSAGING_DRIVER: ['termii' as const] };
    expect(() => createWebhooks(env)).toThrow('termii');
  });
});
