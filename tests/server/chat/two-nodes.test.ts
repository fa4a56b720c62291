/**
 * Issue #16: two nodes sharing Redis behave as one server. A visitor on node A and an agent on node B chat both
 * ways; presence, staff inbox events and logouts cross from one node to the other; a visitor's message limit is the
 * same whichever node their tabs are on.
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AgentPresence, ChatMessage, ConversationSummary, RoomAgent } from '../../../shared/chat-events';
import type { InboxRow } from '../../../shared/requests';
import { UNREACHABLE_REDIS_URL, dropRedisKeys, requireRedis, testRedisPrefix } from '../../helpers/redis';
import { collect, connected } from '../../helpers/socket-harness';
import { owedBotReplies } from '../../helpers/bot-replies';
import { waitFor } from '../../helpers/wait-for';
import { startTwoNodes, type Node } from '../../helpers/two-nodes';
import { post, validInput } from '../trpc/routers/forms-fixtures';

const prefix = testRedisPrefix();
let nodes: Awaited<ReturnType<typeof startTwoNodes>>;

beforeAll(requireRedis);
afterEach(() => nodes?.close());
afterAll(() => dropRedisKeys(prefix));

const botReplyCount = async () =>
  (await nodes.db.selectFrom('chat_messages').select('id').where('sender', '=', 'bot').execute()).length;

const followUpMails = () =>
  nodes.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'chat_follow_up').execute();

/** A patient who wrote and closed the chat, and an agent on `node` who has joined their room. */
async function patientLeftWaiting(node: Node) {
  const patient = await nodes.userSession('patient', 'Chiamaka Nwosu');
  const staff = await nodes.userSession('agent', 'Ngozi Eze');
  const agent = node.agent(staff.cookie);
  const visitor = node.visitor(patient.cookie);
  await Promise.all([connected(agent), connected(visitor)]);
  expect(
    (await visitor.timeout(3000).emitWithAck('message:send', { clientId: randomUUID(), message: 'Can I move it?' })).ok,
  ).toBe(true);
  visitor.disconnect();
  const { id: conversationId } = await nodes.db.selectFrom('chat_conversations').select('id').executeTakeFirstOrThrow();
  expect((await agent.timeout(3000).emitWithAck('room:join', { conversationId })).ok).toBe(true);
  return { agent, conversationId, patient };
}

const disconnected = (socket: Socket) =>
  new Promise<string>((resolve) => {
    if (socket.disconnected) resolve('already');
    socket.once('disconnect', (reason) => resolve(reason));
  });

describe('two nodes sharing Redis', () => {
  it('a visitor on node A and an agent on node B chat both ways', async () => {
    nodes = await startTwoNodes(prefix);
    const staff = await nodes.userSession('agent', 'Ngozi Eze');
    const agent = nodes.b.agent(staff.cookie);
    await connected(agent);
    const agentSees = collect<{ conversationId: number; message: ChatMessage }>(agent, 'message:created');
    const summaries = collect<ConversationSummary>(agent, 'room:updated');

    const visitor = nodes.a.visitor(nodes.newVisitorCookie());
    await connected(visitor);
    const visitorSees = collect<ChatMessage>(visitor, 'message:created');
    const roomAgent = collect<{ agent: RoomAgent }>(visitor, 'room:updated');
    const sent = await visitor.timeout(3000).emitWithAck('message:send', { clientId: randomUUID(), message: 'Hello' });
    expect(sent.ok).toBe(true);

    await waitFor(() => agentSees.some((event) => event.value.message.message === 'Hello'), 3000, 'message on node B');
    const conversationId = agentSees[0]!.value.conversationId;
    // The desk's per-agent summary comes from node A, which asked node B who has a console open.
    await waitFor(() => summaries.some((event) => event.value.id === conversationId), 3000, 'summary on node B');

    expect((await agent.timeout(3000).emitWithAck('room:join', { conversationId })).ok).toBe(true);
    await waitFor(() => roomAgent.some((event) => event.value.agent?.name === 'Ngozi Eze'), 3000, 'agent joined');
    const reply = await agent
      .timeout(3000)
      .emitWithAck('message:send', { conversationId, clientId: randomUUID(), message: 'How can I help?' });
    expect(reply.ok).toBe(true);
    await waitFor(
      () => visitorSees.some((event) => event.value.sender === 'agent' && event.value.message === 'How can I help?'),
      3000,
      'reply on node A',
    );
  });

  it('presence crosses: an agent on node A sees a colleague on node B online, away, then offline', async () => {
    nodes = await startTwoNodes(prefix);
    const ada = await nodes.userSession('agent', 'Ada Obi');
    const bola = await nodes.userSession('agent', 'Bola Ade');
    const adaSocket = nodes.a.agent(ada.cookie);
    await connected(adaSocket);
    const updates = collect<AgentPresence[]>(adaSocket, 'presence:updated');
    const statusOfBola = () => updates.at(-1)?.value.find((member) => member.id === bola.user.id)?.status;

    const bolaSocket = nodes.b.agent(bola.cookie);
    await connected(bolaSocket);
    await waitFor(() => statusOfBola() === 'online', 3000, 'Bola online');
    bolaSocket.emit('presence:set', { status: 'away' });
    await waitFor(() => statusOfBola() === 'away', 3000, 'Bola away');
    const listed = await adaSocket.timeout(3000).emitWithAck('conversation:list', {});
    if (!listed.ok) throw new Error(listed.error.message);
    expect(listed.team.find((member: AgentPresence) => member.id === bola.user.id)?.status).toBe('away');

    // A second tab of Bola's, on the other node, keeps the state Bola chose.
    const bolaSecondTab = nodes.a.agent(bola.cookie);
    await connected(bolaSecondTab);
    // Positive proof first: node A has handled the tab's connect (it answers the tab) and still lists Bola away.
    const listedOnA = await bolaSecondTab.timeout(3000).emitWithAck('conversation:list', {});
    if (!listedOnA.ok) throw new Error(listedOnA.error.message);
    expect(listedOnA.team.find((member: AgentPresence) => member.id === bola.user.id)?.status).toBe('away');
    // Then a list node A reads after it handled the tab: Ada goes away herself, and the update that says so (no fixed
    // pause hoping to outlast a wrong one) still has Bola away.
    const statusOfAda = () => updates.at(-1)?.value.find((member) => member.id === ada.user.id)?.status;
    adaSocket.emit('presence:set', { status: 'away' });
    await waitFor(() => statusOfAda() === 'away', 3000, 'Ada away');
    expect(statusOfBola()).toBe('away');

    bolaSocket.disconnect();
    bolaSecondTab.disconnect();
    await waitFor(() => statusOfBola() === 'offline', 3000, 'Bola offline');
  });

  it('the desk shows a visitor online while they have a tab open on either node', async () => {
    nodes = await startTwoNodes(prefix);
    const staff = await nodes.userSession('agent', 'Ngozi Eze');
    const agent = nodes.b.agent(staff.cookie);
    await connected(agent);
    const summaries = collect<ConversationSummary>(agent, 'room:updated');
    const cookie = nodes.newVisitorCookie();
    const tabOnA = nodes.a.visitor(cookie);
    await connected(tabOnA);
    const visitorSees = collect<ChatMessage>(tabOnA, 'message:created');
    expect((await tabOnA.timeout(3000).emitWithAck('message:send', { clientId: randomUUID(), message: 'Hi' })).ok).toBe(
      true,
    );
    await waitFor(() => visitorSees.some((event) => event.value.sender === 'bot'), 3000, 'the bot’s reply');
    const tabOnB = nodes.b.visitor(cookie);
    await connected(tabOnB);
    // Each node announces the summaries of its own events (node A's through Redis). A page change from each tab comes
    // after them and is told apart by its page: once both have arrived, `before` counts from after the connects.
    for (const [tab, path] of [
      [tabOnA, '/from-node-a'],
      [tabOnB, '/from-node-b'],
    ] as const) {
      tab.emit('page:update', { path });
      await waitFor(() => summaries.some((summary) => summary.value.currentPage === path), 3000, `summary of ${path}`);
    }
    const before = summaries.length;
    // Node A sees its last tab of this visitor go; node B still has one.
    tabOnA.disconnect();
    await waitFor(() => summaries.length > before, 3000, 'summary after the tab on A closed');
    expect(summaries.slice(before).every((summary) => summary.value.visitorOnline)).toBe(true);
    tabOnB.disconnect();
    await waitFor(() => summaries.at(-1)!.value.visitorOnline === false, 3000, 'visitor offline');
  });

  it('a submission through node A appears live in a staff inbox on node B', async () => {
    nodes = await startTwoNodes(prefix);
    const admin = await nodes.userSession('admin', 'Funmi Adeyemi');
    const inbox = nodes.b.staff(admin.cookie);
    await connected(inbox);
    const added = collect<InboxRow>(inbox, 'request:new');
    const answer = await post(nodes.a.baseUrl, 'submitAppointment', validInput.submitAppointment());
    expect(answer.status).toBe(200);
    await waitFor(() => added.length === 1, 3000, 'request:new on node B');
    expect(added[0]!.value).toMatchObject({ reference: answer.json.result.data.reference, type: 'appointment' });
  });

  it('a logout on node A disconnects that session’s sockets on node B, and only those', async () => {
    nodes = await startTwoNodes(prefix);
    const staff = await nodes.userSession('agent', 'Ngozi Eze');
    const colleague = await nodes.userSession('agent', 'Ada Obi');
    const patient = await nodes.userSession('patient', 'Chiamaka Nwosu');
    const sockets = [nodes.b.agent(staff.cookie), nodes.b.staff(staff.cookie)];
    const patientSocket = nodes.b.visitor(patient.cookie);
    const other = nodes.b.agent(colleague.cookie);
    await Promise.all([...sockets, patientSocket, other].map(connected));

    const logOut = (cookie: string) =>
      fetch(`${nodes.a.baseUrl}/trpc/auth.logOut`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: nodes.a.baseUrl, cookie },
        body: '{}',
      });
    expect((await logOut(staff.cookie)).status).toBe(200);
    await Promise.all(sockets.map(disconnected));
    expect((await logOut(patient.cookie)).status).toBe(200);
    await disconnected(patientSocket);
    // Node B has handled both log-outs; the colleague's console still answers on the same connection, which it could
    // not if either log-out had closed it (an event sent after a disconnect is never answered).
    const listed = await other.timeout(3000).emitWithAck('conversation:list', {});
    expect(listed.ok).toBe(true);
    expect(other.connected).toBe(true);
  });

  it('a bot reply owed by a node that stopped is sent once, by the other node', async () => {
    nodes = await startTwoNodes(prefix, { replyDelayMs: 300, adoptStranded: { intervalMs: 50, graceMs: 200 } });
    const cookie = nodes.newVisitorCookie();
    const visitor = nodes.a.visitor(cookie);
    await connected(visitor);
    expect(
      (await visitor.timeout(3000).emitWithAck('message:send', { clientId: randomUUID(), message: 'Hi' })).ok,
    ).toBe(true);
    // Node A goes before the reply is due: its timer with it, the owed row stays in the database.
    await nodes.a.chat.close();
    const tab = nodes.b.visitor(cookie);
    await connected(tab);
    const seen = collect<ChatMessage>(tab, 'message:created');
    await waitFor(() => seen.some((event) => event.value.sender === 'bot'), 3000, 'the bot reply from node B');
    // The owed row goes in the transaction that sends the reply: none left, no second reply can come.
    expect(await owedBotReplies(nodes.db)).toBe(0);
    expect(await botReplyCount()).toBe(1);
  });

  it('sends each bot reply exactly once while both nodes race to adopt it', async () => {
    nodes = await startTwoNodes(prefix, { replyDelayMs: 50, adoptStranded: { intervalMs: 10, graceMs: 0 } });
    const visitors = Array.from({ length: 8 }, (_, index) =>
      (index % 2 ? nodes.a : nodes.b).visitor(nodes.newVisitorCookie()),
    );
    await Promise.all(visitors.map(connected));
    await Promise.all(
      visitors.map((visitor) =>
        visitor.timeout(3000).emitWithAck('message:send', { clientId: randomUUID(), message: 'Hello' }),
      ),
    );
    // A deadline against a hang, not a speed check: on a starved machine two nodes polling every 10 ms took over 9 s.
    await waitFor(async () => (await botReplyCount()) >= 8, 15_000, 'eight bot replies');
    expect(await owedBotReplies(nodes.db)).toBe(0);
    expect(await botReplyCount()).toBe(8);
  });

  it('a follow-up owed by a node that stopped is mailed once, by the other node', async () => {
    nodes = await startTwoNodes(prefix, { followUpAfterMs: 300, adoptStranded: { intervalMs: 50, graceMs: 200 } });
    const { agent, conversationId } = await patientLeftWaiting(nodes.a);
    await agent
      .timeout(3000)
      .emitWithAck('message:send', { conversationId, clientId: randomUUID(), message: 'Thursday at 10:00 works.' });
    await nodes.a.chat.close();
    await waitFor(async () => (await followUpMails()).length === 1, 4000, 'follow-up mail from node B');
    // The owed follow-up is deleted in the transaction that queues the mail: none left, no second mail can come.
    expect(await nodes.db.selectFrom('chat_pending_followups').selectAll().execute()).toEqual([]);
    expect(await followUpMails()).toHaveLength(1);
    expect((await followUpMails())[0]!.text_body).toContain('Thursday at 10:00 works.');
  });

  it('mails no follow-up while the visitor has the chat open on the other node', async () => {
    nodes = await startTwoNodes(prefix, { followUpAfterMs: 200 });
    const { agent, conversationId, patient } = await patientLeftWaiting(nodes.a);
    const tab = nodes.b.visitor(patient.cookie);
    await connected(tab);
    await agent
      .timeout(3000)
      .emitWithAck('message:send', { conversationId, clientId: randomUUID(), message: 'Are you still there?' });
    // When the follow-up comes due, a visitor still here (on node B) postpones it (its due time moves on): no mail.
    const followUpDue = async () =>
      (await nodes.db.selectFrom('chat_pending_followups').select('due_at').executeTakeFirst())?.due_at;
    await waitFor(async () => (await followUpDue()) !== undefined, 3000, 'the follow-up owed');
    const firstDue = await followUpDue();
    await waitFor(async () => (await followUpDue()) !== firstDue, 3000, 'the follow-up postponed');
    expect(await followUpMails()).toEqual([]);
  });

  it('with Redis unreachable, a node still chats, shows presence and ends sessions among its own sockets', async () => {
    nodes = await startTwoNodes(prefix, { redisUrl: UNREACHABLE_REDIS_URL });
    const staff = await nodes.userSession('agent', 'Ngozi Eze');
    const agent = nodes.a.agent(staff.cookie);
    const team = collect<AgentPresence[]>(agent, 'presence:updated');
    await connected(agent);
    await waitFor(() => team.at(-1)?.value.find((member) => member.id === staff.user.id)?.status === 'online');
    const summaries = collect<ConversationSummary>(agent, 'room:updated');
    const visitor = nodes.a.visitor(nodes.newVisitorCookie());
    await connected(visitor);
    const visitorSees = collect<ChatMessage>(visitor, 'message:created');
    const sent = await visitor.timeout(3000).emitWithAck('message:send', { clientId: randomUUID(), message: 'Hello' });
    expect(sent.ok).toBe(true);
    await waitFor(() => summaries.length > 0, 3000, 'summary for the agent');
    await waitFor(() => visitorSees.some((event) => event.value.sender === 'bot'), 3000, 'bot reply');
    agent.emit('presence:set', { status: 'away' });
    await waitFor(() => team.at(-1)?.value.find((member) => member.id === staff.user.id)?.status === 'away');
    const inbox = nodes.a.staff(staff.cookie);
    await connected(inbox);

    const response = await fetch(`${nodes.a.baseUrl}/trpc/auth.logOut`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: nodes.a.baseUrl, cookie: staff.cookie },
      body: '{}',
    });
    expect(response.status).toBe(200);
    await Promise.all([disconnected(agent), disconnected(inbox)]);
  });

  it('counts a visitor’s messages once, whichever node their tabs are on', async () => {
    nodes = await startTwoNodes(prefix);
    const cookie = nodes.newVisitorCookie();
    const tabs = [nodes.a.visitor(cookie), nodes.b.visitor(cookie)];
    await Promise.all(tabs.map(connected));
    const verdicts = [];
    // The burst limit is 5 messages in 10 s.
    for (let index = 0; index < 6; index++) {
      const result = await tabs[index % 2]!.timeout(3000).emitWithAck('message:send', {
        clientId: randomUUID(),
        message: `Message ${index + 1}`,
      });
      verdicts.push(result.ok ? 'sent' : result.error.code);
    }
    expect(verdicts).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'RATE_LIMITED']);
  });
});
