/**
 * Issue #30 as a tester tries it on a laptop: the fake provider plays a WhatsApp patient who writes to the app's
 * webhook (signed like Meta), receives the agent's answer, and moves their clock a day back to let the 24-hour window
 * expire; then only an approved template reaches them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../../server/env';
import { startFakeProvider, type FakeProvider } from '../../../server/messaging/fake-provider/fake-provider';
import { appEnvFor, fakeCredentialsFrom } from '../../../server/messaging/fake-provider/fake-provider-settings';
import { startMessagingWorker, type MessagingWorker } from '../../../server/messaging/messaging-worker';
import { createDrivers } from '../../../server/messaging/providers';
import { whatsAppMediaFetcherFor, type MediaFetcher } from '../../../server/messaging/whatsapp-media';
import type { ChatMessage } from '../../../shared/chat-events';
import { chatTexts } from '../../../shared/chat-texts';
import { connected, startChatHarness, type ChatHarness } from '../../helpers/socket-harness';
import { waitFor } from '../../helpers/wait-for';

const PATIENT = '+2348035550199';
const fakeEnv = (fakeUrl: string) => appEnvFor(fakeUrl, fakeCredentialsFrom({}));

let h: ChatHarness;
let fake: FakeProvider;
let worker: MessagingWorker;
beforeAll(async () => {
  // The fake needs the app's address and the app the fake's: the app's file fetcher reads the fake's once it runs.
  const fetchMedia: MediaFetcher = (media) =>
    whatsAppMediaFetcherFor(loadEnv({ NODE_ENV: 'test', ...fakeEnv(fake.url) }))!(media);
  h = await startChatHarness({
    env: { ...fakeEnv('http://127.0.0.1:9'), MESSAGING_QUIET_HOURS: 'off' },
    chat: { fetchMedia },
  });
  fake = await startFakeProvider({ port: 0, appUrl: h.baseUrl, autoDeliverMs: 20 });
  const env = loadEnv({ NODE_ENV: 'test', ...fakeEnv(fake.url), MESSAGING_QUIET_HOURS: 'off' });
  worker = startMessagingWorker({
    db: h.db,
    env,
    logger: h.services.logger,
    messaging: h.services.messaging,
    mail: h.services.mail,
    drivers: createDrivers(env),
    deskInbox: h.services.deskInbox,
    pollMs: 100,
  });
});
afterAll(async () => {
  await worker.stop();
  await fake.close();
  await h.close();
});

const receivedBy = (to: string) => fake.messages().filter((message) => message.to === to);

describe('the fake provider as a WhatsApp patient', () => {
  it('writes to the desk, gets the answer, and after moving its clock a day back gets only a template', async () => {
    const agent = await h.userSession('agent', 'Ada Obi');
    const socket = h.agentSocket({ cookie: agent.cookie });
    await connected(socket);

    expect((await fake.reply(PATIENT, 'Good evening, una dey open on Sunday?', 'whatsapp')).result).toBe(200);
    const conversation = await h.db
      .selectFrom('chat_conversations')
      .selectAll()
      .where('whatsapp_phone', '=', PATIENT)
      .executeTakeFirstOrThrow();
    // The bot's acknowledgement reaches the phone, with the notice about Meta.
    await waitFor(() => receivedBy(PATIENT).length >= 1, 5000, "the bot's answer on the phone");
    expect(receivedBy(PATIENT)[0]!.text).toContain(chatTexts.botReply);
    expect(receivedBy(PATIENT)[0]!.text).toContain('WhatsApp, run by Meta');

    expect((await socket.timeout(3000).emitWithAck('room:join', { conversationId: conversation.id })).ok).toBe(true);
    const reply = await socket.timeout(3000).emitWithAck('message:send', {
      conversationId: conversation.id,
      clientId: randomUUID(),
      message: 'Yes, we are open on Sunday from 10:00.',
    });
    expect(reply.ok).toBe(true);
    await waitFor(
      () => receivedBy(PATIENT).some((message) => message.text === 'Yes, we are open on Sunday from 10:00.'),
      5000,
      "the agent's answer on the phone",
    );
    // The fake's automatic receipt comes back to the desk message.
    await waitFor(
      async () =>
        (
          await h.db
            .selectFrom('outbound_messages')
            .select('status')
            .where('text_body', '=', 'Yes, we are open on Sunday from 10:00.')
            .executeTakeFirst()
        )?.status === 'delivered',
      5000,
      'the delivery receipt applied',
    );

    fake.setWhatsAppClockBehind(25);
    expect((await fake.reply(PATIENT, 'Thank you', 'whatsapp')).result).toBe(200);
    const late = await socket.timeout(3000).emitWithAck('message:send', {
      conversationId: conversation.id,
      clientId: randomUUID(),
      message: 'Anything else?',
    });
    expect(late.ok ? null : late.error.code).toBe('WINDOW_CLOSED');
    const template = await socket.timeout(3000).emitWithAck('whatsapp:template', {
      conversationId: conversation.id,
      clientId: randomUUID(),
      template: 'desk_checking_in',
    });
    expect(template.ok).toBe(true);
    await waitFor(
      () => receivedBy(PATIENT).some((message) => message.text.startsWith('[template desk_checking_in, en]')),
      5000,
      'the template on the phone',
    );
    expect(receivedBy(PATIENT).some((message) => message.text === 'Anything else?')).toBe(false);
  });

  it('sends a photo and a voice note: stored with their messages, shown to agents live and in the history', async () => {
    const from = '+2348035550288';
    const agent = await h.userSession('agent', 'Bola Ade');
    const socket = h.agentSocket({ cookie: agent.cookie });
    await connected(socket);
    const live: ChatMessage[] = [];
    socket.on('message:created', ({ message }) => live.push(message));

    expect((await fake.sendMedia(from, 'photo', 'See the rash on my arm')).result).toBe(200);
    expect((await fake.sendMedia(from, 'voice')).result).toBe(200);
    await waitFor(() => live.filter((message) => message.attachment).length === 2, 5000, 'both files live');
    const [photo, voice] = live.filter((message) => message.attachment);
    expect(photo!.message).toBe('See the rash on my arm');
    expect(photo!.attachment).toMatchObject({ kind: 'image', mimeType: 'image/png', refusal: null });
    expect(voice!.attachment).toMatchObject({ kind: 'audio', voice: true, refusal: null });

    const conversation = await h.db
      .selectFrom('chat_conversations')
      .select('id')
      .where('whatsapp_phone', '=', from)
      .executeTakeFirstOrThrow();
    const opened = await socket.timeout(3000).emitWithAck('conversation:open', { conversationId: conversation.id });
    if (!opened.ok) throw new Error(opened.error.message);
    const withFiles = opened.messages.filter((message: ChatMessage) => message.attachment);
    expect(withFiles.map((message: ChatMessage) => [message.id, message.attachment!.url])).toEqual([
      [photo!.id, photo!.attachment!.url],
      [voice!.id, voice!.attachment!.url],
    ]);
    // The bytes are the fake's: served to staff only.
    const served = await fetch(`${h.baseUrl}${photo!.attachment!.url!}`, { headers: { cookie: agent.cookie } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${h.baseUrl}${photo!.attachment!.url!}`)).status).toBe(401);

    // Meta posts the same message again: one message, one file.
    expect((await fake.sendMedia(from, 'voice')).result).toBe(200);
    const rows = await h.db
      .selectFrom('chat_attachments')
      .select(['message_id'])
      .where('conversation_id', '=', conversation.id)
      .execute();
    expect(rows.every((row) => row.message_id !== null)).toBe(true);
  });
});
