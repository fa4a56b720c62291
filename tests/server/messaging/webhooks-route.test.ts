import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantConsent } from '../../../server/messaging/consents';
import { WEBHOOK_MAX_BODY_BYTES } from '../../../server/messaging/webhooks-route';
import { startTestServer } from '../../helpers/test-server';

const TERMII_SECRET = 'termii-secret-for-tests';
const APP_SECRET = 'meta-app-secret-for-tests';
const AT_TOKEN = 'at-webhook-token-for-tests-0123456789';
const VERIFY_TOKEN = 'verify-me';

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({
    env: {
      TERMII_SECRET_KEY: TERMII_SECRET,
      AT_WEBHOOK_TOKEN: AT_TOKEN,
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    },
  });
});
afterAll(() => server.close());

const hex = (algorithm: string, secret: string, body: string) =>
  createHmac(algorithm, secret).update(body).digest('hex');

/** A sent text, as the worker leaves it, whose receipts the tests post. */
async function sentText(provider: string, providerId: string, recipient: string) {
  return server.db
    .insertInto('outbound_messages')
    .values({
      recipient,
      channel: provider === 'whatsapp' ? 'whatsapp' : 'sms',
      template: 'request_received',
      language: 'en',
      params: '{}',
      text_body: 'Ilera Health: we have your appointment, ref APT-HOOK1.',
      encoding: 'GSM-7',
      segments: 1,
      status: 'sent',
      next_attempt_at: 0,
      provider,
      provider_id: providerId,
      created_at: new Date().toISOString(),
      status_at: new Date().toISOString(),
      sent_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const statusOf = async (id: number) =>
  (await server.db.selectFrom('outbound_messages').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

function termiiReceipt(messageId: string, status: string) {
  return JSON.stringify({
    type: 'outbound',
    message_id: messageId,
    receiver: '2348031111111',
    sender: 'Ilera',
    message: 'Ilera Health: we have your appointment, ref APT-HOOK1.',
    sent_at: '2026-11-27 10:02:00',
    cost: '3.9',
    status,
    channel: 'dnd',
  });
}

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('the providers’ webhooks', () => {
  it('apply a signed Termii receipt once, and answer its repeat without changing anything', async () => {
    const { id } = await sentText('termii', 'termii-hook-1', '+2348031111111');
    const body = termiiReceipt('termii-hook-1', 'DELIVERED');
    const signature = { 'x-termii-signature': hex('sha512', TERMII_SECRET, body) };
    const first = await post('/webhooks/termii', body, signature);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, applied: 1, repeats: 0 });
    expect(await statusOf(id)).toBe('delivered');
    const repeat = await post('/webhooks/termii', body, signature);
    expect(await repeat.json()).toEqual({ ok: true, applied: 0, repeats: 1 });
  });

  it('refuse a bad, missing or stale signature with 401 and change nothing', async () => {
    const { id } = await sentText('termii', 'termii-hook-2', '+2348031111112');
    const body = termiiReceipt('termii-hook-2', 'DELIVERED');
    const wrongKey = { 'x-termii-signature': hex('sha512', 'another-secret', body) };
    const changedBody = {
      'x-termii-signature': hex('sha512', TERMII_SECRET, termiiReceipt('termii-hook-2', 'FAILED')),
    };
    for (const headers of [wrongKey, changedBody, {}])
      expect((await post('/webhooks/termii', body, headers)).status).toBe(401);
    expect(await statusOf(id)).toBe('sent');
  });

  it("check Meta's signature on the raw bytes, and answer its verification challenge only with the right token", async () => {
    const { id } = await sentText('whatsapp', 'wamid.HOOK3', '+2348031111113');
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '2348000000000', phone_number_id: '1234567' },
                statuses: [
                  { id: 'wamid.HOOK3', status: 'read', timestamp: '1795770000', recipient_id: '2348031111113' },
                ],
              },
            },
          ],
        },
      ],
    });
    // The same JSON with other spacing is other bytes: its signature does not verify.
    const respaced = JSON.stringify(JSON.parse(body), null, 1);
    expect(
      (
        await post('/webhooks/whatsapp', respaced, {
          'x-hub-signature-256': `sha256=${hex('sha256', APP_SECRET, body)}`,
        })
      ).status,
    ).toBe(401);
    const good = await post('/webhooks/whatsapp', body, {
      'x-hub-signature-256': `sha256=${hex('sha256', APP_SECRET, body)}`,
    });
    expect(good.status).toBe(200);
    expect(await statusOf(id)).toBe('read');

    const challenge = (token: string) =>
      fetch(
        `${server.baseUrl}/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      );
    const accepted = await challenge(VERIFY_TOKEN);
    expect([accepted.status, await accepted.text()]).toEqual([200, '1158201444']);
    expect((await challenge('wrong')).status).toBe(403);
  });

  it("take Africa's Talking's STOP through its token, and withdraw that number's SMS consent", async () => {
    const phone = '+2348031111114';
    await grantConsent(server.db, phone, 'sms', { source: 'test' });
    const form = new URLSearchParams({
      date: '2026-11-27 10:05:00',
      from: phone,
      id: 'at-inbound-hook-4',
      linkId: '',
      text: 'STOP',
      to: '12345',
      networkCode: '62130',
    }).toString();
    const postForm = (token: string) =>
      fetch(`${server.baseUrl}/webhooks/africastalking?token=${token}`, {
        method: 'POST',
        body: form,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await postForm('not-the-token-0123456789abcdef')).status).toBe(401);
    expect((await postForm(AT_TOKEN)).status).toBe(200);
    const latest = await server.db
      .selectFrom('message_consents')
      .select(['action', 'source'])
      .where('phone_e164', '=', phone)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(latest).toEqual({ action: 'withdrawn', source: 'inbound sms' });
  });

  it('refuse an oversized body with 413, an unreadable one with 400, and a provider not set up with 404', async () => {
    const big = 'x'.repeat(WEBHOOK_MAX_BODY_BYTES + 1);
    expect(
      (await post('/webhooks/termii', big, { 'x-termii-signature': hex('sha512', TERMII_SECRET, big) })).status,
    ).toBe(413);
    const junk = 'not json';
    expect(
      (await post('/webhooks/termii', junk, { 'x-termii-signature': hex('sha512', TERMII_SECRET, junk) })).status,
    ).toBe(400);
    expect((await post('/webhooks/unknown', '{}')).status).toBe(404);
  });
});
