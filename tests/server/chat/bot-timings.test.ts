/**
 * The chat's promised timings with the product's defaults (nothing passed in): the bot answers 1.5 s after a
 * visitor's message, and an agent's reply is e-mailed once the visitor has been away for 2 minutes. The values are
 * written out here, not read from the product's constants, so changing either fails a test (issue #25).
 *
 * The clock and the timers are faked (setTimeout and Date only: the database's own I/O and the write batcher's
 * setImmediate stay real), so each timing is checked to the millisecond without waiting for it.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEnv } from '../../../server/env';
import { createMessaging } from '../../../server/messaging/messaging-service';
import { createChatService, type ChatService } from '../../../server/chat/chat-service';
import type { ChatRooms } from '../../../server/chat/rooms';
import { users } from '../../../server/data/users';
import type { AppDatabase } from '../../../server/db/database';
import { createWriteBatcher } from '../../../server/db/write-batcher';
import { createMailQueue } from '../../../server/mail/mail-queue';
import { chatTexts } from '../../../shared/chat-texts';
import { ALWAYS_OPEN } from '../../helpers/support-clocks';
import { createTestDb } from '../../helpers/test-db';
import { waitFor } from '../../helpers/wait-for';

const START = Date.parse('2026-04-07T10:00:00.000Z');
const BOT_DELAY = 1500;
const FOLLOW_UP_AFTER = 2 * 60_000;

let db: AppDatabase;
let service: ChatService;
let errors: unknown[];
/** When the visitor's last chat connection closed (null: one is open), as the rooms would say. */
let awaySince: number | null;

/** The rooms as the service needs them, with nobody connected: nothing to tell, nobody online. */
const rooms = () => {
  const nobody = { emit: () => true };
  return {
    messageCreated: () => undefined,
    botTyping: () => undefined,
    summaryUpdated: () => undefined,
    toVisitor: () => nobody,
    toAgent: () => nobody,
    toAllAgents: () => nobody,
    connectedAgentIds: () => Promise.resolve([]),
    visitorOnline: () => false,
    visitorOnlineAnywhere: () => Promise.resolve(false),
    visitorAwaySince: () => Promise.resolve(awaySince),
    agentOnline: () => Promise.resolve(false),
  } as unknown as ChatRooms;
};

beforeEach(async () => {
  db = await createTestDb();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: START });
  errors = [];
  awaySince = null;
  service = createChatService({
    db,
    logger: { info: () => undefined, warn: () => undefined, error: (_message, fields) => errors.push(fields) },
    writes: createWriteBatcher(db),
    mail: createMailQueue(db),
    messaging: createMessaging({ env: loadEnv({ NODE_ENV: 'test' }) }),
    rooms: rooms(),
    supportClock: ALWAYS_OPEN,
    chatLink: 'https://example.ng/#chat',
  });
});
afterEach(async () => {
  service.close();
  vi.useRealTimers();
  await db.destroy();
  expect(errors).toEqual([]);
});

/** Waits for the database work a fired timer started (real I/O, real clock); generous for a busy machine. */
const whenDone = (check: () => Promise<boolean>) => waitFor(check, 15_000, 'the database work');

const botMessages = () => db.selectFrom('chat_messages').select('message').where('sender', '=', 'bot').execute();
const followUpMails = () => db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'chat_follow_up').execute();

/** Lets the timers due in the next `ms` fire, and the work they start settle. */
async function after(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  for (let turn = 0; turn < 50; turn++) await new Promise((resolve) => setImmediate(resolve));
}

async function visitorSays(visitorKey: string, message: string, userId: number | null = null) {
  return service.storeVisitorMessage({ visitorKey, userId, page: '/', clientId: randomUUID(), message });
}

describe('the bot’s reply: 1.5 s after the visitor’s message', () => {
  it('stores the reply it owes due 1,500 ms after the message', async () => {
    const { message } = await visitorSays('v:timing-1', 'What are your opening hours?');
    expect(Date.parse(message.createdAt)).toBe(START);
    const [pending] = await db.selectFrom('chat_pending_replies').select('due_at').execute();
    expect(Date.parse(pending!.due_at) - START).toBe(BOT_DELAY);
  });

  it('says nothing at 1,499 ms and answers at 1,500 ms', async () => {
    await visitorSays('v:timing-2', 'What are your opening hours?');
    await after(BOT_DELAY - 1);
    expect(await botMessages()).toEqual([]);
    await after(1);
    await whenDone(async () => (await botMessages()).length === 1);
    expect(await botMessages()).toEqual([{ message: chatTexts.botReply }]);
    const reply = await db
      .selectFrom('chat_messages')
      .select('created_at')
      .where('sender', '=', 'bot')
      .executeTakeFirstOrThrow();
    expect(Date.parse(reply.created_at) - START).toBe(BOT_DELAY);
  });
});

describe('the e-mail follow-up: 2 minutes after the visitor has gone', () => {
  async function agentReplied() {
    const patient = await users.create(db, {
      email: 'chiamaka@example.ng',
      fullName: 'Chiamaka Nwosu',
      passwordHash: 'x',
      role: 'patient',
      confirmed: true,
    });
    const agent = await users.create(db, {
      email: 'ada@example.ng',
      fullName: 'Ada Obi',
      passwordHash: 'x',
      role: 'agent',
      confirmed: true,
    });
    const { conversation } = await visitorSays(`u:${patient.id}`, 'Can I change my appointment?', patient.id);
    await service.storeAgentMessage({
      conversation,
      agentId: agent.id,
      agentName: agent.full_name,
      clientId: randomUUID(),
      message: 'Yes, Thursday at 10:00 works.',
    });
    await whenDone(async () => (await db.selectFrom('chat_pending_followups').select('id').execute()).length === 1);
    return patient;
  }

  it('owes the follow-up 2 minutes after the reply', async () => {
    await agentReplied();
    const [owed] = await db.selectFrom('chat_pending_followups').select('due_at').execute();
    expect(Date.parse(owed!.due_at) - START).toBe(FOLLOW_UP_AFTER);
  });

  it('a visitor away since the reply is mailed at 2 minutes, not a millisecond before', async () => {
    awaySince = START;
    const patient = await agentReplied();
    await after(FOLLOW_UP_AFTER - 1);
    expect(await followUpMails()).toEqual([]);
    await after(1);
    await whenDone(async () => (await followUpMails()).length === 1);
    const [mail] = await followUpMails();
    expect(mail!.to_address).toBe(patient.email);
    expect(mail!.text_body).toContain('Yes, Thursday at 10:00 works.');
  });

  it('a visitor who leaves 30 s after the reply is mailed 2 minutes after leaving', async () => {
    // Still there when the reply is sent; gone 30 s later.
    awaySince = null;
    await agentReplied();
    awaySince = START + 30_000;
    await after(FOLLOW_UP_AFTER);
    await whenDone(async () => {
      const [owed] = await db.selectFrom('chat_pending_followups').select('due_at').execute();
      return owed !== undefined && Date.parse(owed.due_at) > START + FOLLOW_UP_AFTER;
    });
    expect(await followUpMails()).toEqual([]);
    const [owed] = await db.selectFrom('chat_pending_followups').select('due_at').execute();
    expect(Date.parse(owed!.due_at) - START).toBe(30_000 + FOLLOW_UP_AFTER);
    await after(30_000 - 1);
    expect(await followUpMails()).toEqual([]);
    await after(1);
    await whenDone(async () => (await followUpMails()).length === 1);
  });
});
