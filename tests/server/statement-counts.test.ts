/**
 * The SQL statements one stored form and one visitor chat message cost (issue #31.1), counted through Kysely's query
 * log on the app's own database, so that a change that adds one fails here. Counted are all statements the app sends:
 * BEGIN and COMMIT (which the driver issues), savepoints, and statements on their own. On PostgreSQL each statement is
 * one round trip (pg sends one and waits for its answer); a transaction is one pool checkout, and so is each statement
 * outside one. On SQLite nothing leaves the process.
 *
 * Each count is of requests made one at a time: under load the write batcher (server/db/write-batcher.ts) puts
 * several jobs into one transaction, so BEGIN and COMMIT are shared (a job that fails makes its batch run again with
 * a savepoint per job, ADR 0052). A change that
 * moves the counts on purpose updates the numbers here and says why in its commit.
 */
import { randomUUID } from 'node:crypto';
import type { LogEvent } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../shared/chat-events';
import { testEngine } from '../helpers/test-db';
import { startChatHarness, collect, connected, type ChatHarness } from '../helpers/socket-harness';
import { waitFor } from '../helpers/wait-for';
import { post, validInput } from './trpc/routers/forms-fixtures';

let recording = false;
const statements: string[] = [];
const dbLog = (event: LogEvent) => {
  if (recording) statements.push(event.query.sql);
};

type Counts = { statements: number; transactions: number; outsideTransactions: number; savepointStatements: number };

const isBegin = (text: string) => /^(begin|start transaction)\b/i.test(text);
const isEnd = (text: string) => /^(commit|rollback)$/i.test(text);

function countsOf(list: string[]): Counts {
  let open = false;
  let outside = 0;
  for (const text of list) {
    if (isBegin(text)) open = true;
    else if (isEnd(text)) open = false;
    else if (!open) outside += 1;
  }
  return {
    statements: list.length,
    transactions: list.filter(isBegin).length,
    outsideTransactions: outside,
    savepointStatements: list.filter((text) => /^(savepoint|release|rollback to)\b/i.test(text)).length,
  };
}

/** The statements `work` sent to the database, in order. */
async function recorded(work: () => Promise<void>): Promise<string[]> {
  statements.length = 0;
  recording = true;
  try {
    await work();
  } finally {
    recording = false;
  }
  return [...statements];
}

/** The counts per engine: PostgreSQL joins some writes into one statement, SQLite runs them one by one (ADR 0056). */
const expected = (counts: Record<typeof testEngine, Counts>) => counts[testEngine];

/**
 * The harness's bot waits long here, so a first message's count ends at its acknowledgement whatever the machine's
 * speed; the reply is counted on a harness of its own below.
 */
let h: ChatHarness;
beforeAll(async () => {
  h = await startChatHarness({ dbLog, chat: { replyDelayMs: 10 * 60_000 } });
  // The app's start-up reads (the chat's owed replies and follow-ups) run once the server is up: one request first,
  // so that none of them lands in a counted request.
  expect((await post(h.baseUrl, 'submitAppointment', validInput.submitAppointment())).status).toBe(200);
});
afterAll(async () => {
  await h.close();
});

/** A connected visitor of `harness` and the messages it is sent. */
async function visitorOf(harness: ChatHarness) {
  const socket = harness.visitor({ cookie: harness.newVisitorCookie() });
  await connected(socket);
  const created = collect<ChatMessage>(socket, 'message:created');
  const send = async (message: string) => {
    const result = await socket.timeout(5000).emitWithAck('message:send', { clientId: randomUUID(), message });
    expect(result.ok).toBe(true);
  };
  return { send, botReplied: () => created.some((item) => item.value.sender === 'bot') };
}

describe('statements per request', () => {
  it('a stored appointment request: one transaction of 7 statements on SQLite, 4 on PostgreSQL', async () => {
    const sent = await recorded(async () => {
      expect((await post(h.baseUrl, 'submitAppointment', validInput.submitAppointment())).status).toBe(200);
    });
    // begin, insert appointment, insert request, insert request event, insert mail, select consents, commit (no
    // savepoint while the batch's jobs succeed: ADR 0052; it was 9). PostgreSQL's four inserts are one statement.
    const form = { transactions: 1, outsideTransactions: 0, savepointStatements: 0 };
    expect(countsOf(sent), sent.join('\n')).toEqual(
      expected({ sqlite: { ...form, statements: 7 }, postgres: { ...form, statements: 4 } }),
    );
  });

  it("a visitor's first message: 7 statements to the acknowledgement on SQLite, 5 on PostgreSQL", async () => {
    const visitor = await visitorOf(h);
    const sent = await recorded(() => visitor.send('Hi'));
    // The conversation looked up; one transaction that creates it (one insert returning it), updates it (returning it,
    // so it is not read again after the commit), stores the message and owes the bot's reply. No savepoints (ADR 0052;
    // it was 14: two savepoints, a read before and after the insert, a read after the commit). On PostgreSQL the
    // update and the two inserts are one statement (ADR 0056).
    const toAck = { transactions: 1, outsideTransactions: 1, savepointStatements: 0 };
    expect(countsOf(sent), sent.join('\n')).toEqual(
      expected({ sqlite: { statements: 7, ...toAck }, postgres: { statements: 5, ...toAck } }),
    );
  });

  it("a visitor's later message: 5 statements to the acknowledgement on SQLite, 4 on PostgreSQL (the bot answers the first one only)", async () => {
    const visitor = await visitorOf(h);
    await visitor.send('Hi');
    const sent = await recorded(() => visitor.send('Do you offer home visits?'));
    // The conversation looked up, then one transaction: update the conversation, insert the message (it was 9, with
    // the batcher's savepoint and insertMessageRow's own: ADR 0052). On PostgreSQL the update and the insert are one
    // statement (ADR 0056).
    const later = { transactions: 1, outsideTransactions: 1, savepointStatements: 0 };
    expect(countsOf(sent), sent.join('\n')).toEqual(
      expected({ sqlite: { statements: 5, ...later }, postgres: { statements: 4, ...later } }),
    );
  });
});

describe("the bot's reply to a first message", () => {
  let quick: ChatHarness;
  beforeAll(async () => {
    quick = await startChatHarness({ dbLog });
    expect((await post(quick.baseUrl, 'submitAppointment', validInput.submitAppointment())).status).toBe(200);
  });
  afterAll(async () => {
    await quick.close();
  });

  it('costs 6 statements on SQLite (13 from the message to the reply), 4 on PostgreSQL (9)', async () => {
    const visitor = await visitorOf(quick);
    const sent = await recorded(async () => {
      await visitor.send('Hi');
      await waitFor(visitor.botReplied, 5000, "the bot's reply");
    });
    // Besides the message's 7: one transaction that takes the owed reply (due after the harness's 100 ms), reads the
    // conversation, and stores the bot's message (it was 24 in all, 10 for the reply: ADR 0052). On PostgreSQL taking
    // the reply reads the conversation in the same statement, and the message is stored in one (ADR 0056).
    const withReply = { transactions: 2, outsideTransactions: 1, savepointStatements: 0 };
    expect(countsOf(sent), sent.join('\n')).toEqual(
      expected({ sqlite: { statements: 13, ...withReply }, postgres: { statements: 9, ...withReply } }),
    );
  });
});
