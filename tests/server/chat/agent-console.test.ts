import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  sendAgentMessage,
  watchAgentConnection,
  type AgentConnectionStatus,
} from '../../../client/features/agent/agent-connection';
import { createRetryPolicy } from '../../../client/lib/socket-retry';
import { invalidateSession } from '../../../server/auth/session';
import { startChatHarness, connected, type ChatHarness } from '../../helpers/socket-harness';
import { waitFor } from '../../helpers/wait-for';
import { failInserts } from '../../helpers/test-db';

let h: ChatHarness;
afterEach(async () => {
  await h.close();
});

const auditRows = () => h.db.selectFrom('audit_events').selectAll().orderBy('id').execute();

/** A console connection as useAgentChat makes it, with its status and connect count. */
function watched(socket: ReturnType<ChatHarness['agentSocket']>) {
  const seen = { status: 'checking' as AgentConnectionStatus, connects: 0, denied: 0 };
  const stop = watchAgentConnection(
    socket,
    {
      onConnect: () => {
        seen.connects += 1;
        seen.status = 'ready';
      },
      onStatus: (next) => (seen.status = next(seen.status)),
      onDenied: () => (seen.denied += 1),
    },
    50,
  );
  return { seen, stop };
}

describe('the agent console connection', () => {
  it('connects again by itself after the server disconnects it', async () => {
    h = await startChatHarness();
    const staff = await h.userSession('agent', 'Ngozi Eze');
    const socket = h.agentSocket({ cookie: staff.cookie });
    const { seen, stop } = watched(socket);
    await connected(socket);
    await waitFor(() => seen.connects === 1, 2000, 'first connect');
    // What a shutdown did before: a server-side disconnect, which Socket.IO clients never retry.
    h.chat.io.of('/agent').disconnectSockets(true);
    await waitFor(() => seen.status === 'offline', 2000, 'offline');
    await waitFor(() => seen.connects === 2 && socket.connected, 3000, 'reconnected by itself');
    expect(seen.status).toBe('ready');
    stop();
  });

  it('after a log-out the reconnect is refused and the console says so', async () => {
    h = await startChatHarness();
    const staff = await h.userSession('agent', 'Ngozi Eze');
    const socket = h.agentSocket({ cookie: staff.cookie });
    const { seen, stop } = watched(socket);
    await connected(socket);
    await invalidateSession(h.db, staff.session.id, h.sessionEvents);
    await waitFor(() => seen.status === 'denied' && seen.denied === 1, 3000, 'denied');
    stop();
  });

  it('sends a reply by the shared retry policy: a storage failure is retried and stored once, a refusal is not retried', async () => {
    h = await startChatHarness();
    const staff = await h.userSession('agent', 'Ngozi Eze');
    const socket = h.agentSocket({ cookie: staff.cookie });
    await connected(socket);
    const visitor = h.visitor({ cookie: h.newVisitorCookie() });
    await connected(visitor);
    await visitor.timeout(2000).emitWithAck('message:send', { clientId: randomUUID(), message: 'Hello' });
    const conversationId = (await h.db.selectFrom('chat_conversations').select('id').executeTakeFirstOrThrow()).id;
    const policy = createRetryPolicy({ ackTimeoutMs: 1000, delayMs: () => 100 });

    const notJoined = await sendAgentMessage(
      () => socket,
      { conversationId, clientId: randomUUID(), message: 'Hi' },
      policy,
    );
    expect(notJoined).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });

    expect((await socket.timeout(2000).emitWithAck('room:join', { conversationId })).ok).toBe(true);
    const stopFailing = await failInserts(h.db, 'chat_messages', {
      message: 'disk I/O error',
      when: "new.sender = 'agent'",
    });
    setTimeout(() => void stopFailing(), 150);
    const sent = await sendAgentMessage(
      () => socket,
      { conversationId, clientId: randomUUID(), message: 'How can I help?' },
      policy,
    );
    expect(sent.ok).toBe(true);
    const agentRows = await h.db.selectFrom('chat_messages').select('message').where('sender', '=', 'agent').execute();
    expect(agentRows).toEqual([{ message: 'How can I help?' }]);
  });
});

describe('audit of the agent console', () => {
  it('records console opens, room joins and leaves, and refused console handshakes', async () => {
    h = await startChatHarness();
    const staff = await h.userSession('agent', 'Ngozi Eze');
    const patient = await h.userSession('patient', 'Adaeze Okafor');

    const patientSocket = h.agentSocket({ cookie: patient.cookie, reconnection: false });
    await expect(connected(patientSocket)).rejects.toThrow();
    const anonymous = h.agentSocket({ reconnection: false });
    await expect(connected(anonymous)).rejects.toThrow();

    const socket = h.agentSocket({ cookie: staff.cookie });
    await connected(socket);
    const visitor = h.visitor({ cookie: h.newVisitorCookie() });
    await connected(visitor);
    await visitor.timeout(2000).emitWithAck('message:send', { clientId: randomUUID(), message: 'Hello' });
    const conversationId = (await h.db.selectFrom('chat_conversations').select('id').executeTakeFirstOrThrow()).id;
    expect((await socket.timeout(2000).emitWithAck('room:join', { conversationId })).ok).toBe(true);
    expect((await socket.timeout(2000).emitWithAck('room:leave', { conversationId })).ok).toBe(true);

    await waitFor(async () => (await auditRows()).length === 5, 2000, 'five audit events');
    // Each event is its own insert, not awaited by the handshake or handler that records it: on PostgreSQL's pool two
    // inserts close together may take their ids in either order, so the events are compared without their order.
    const rows = await auditRows();
    const events = rows.map((row) => [row.type, row.actor_user_id, row.subject]);
    expect(events).toHaveLength(5);
    expect(events).toEqual(
      expect.arrayContaining([
        ['staff.access_refused', patient.user.id, '/agent'],
        ['staff.access_refused', null, '/agent'],
        ['console.open', staff.user.id, '/agent'],
        ['room.join', staff.user.id, `conversation:${conversationId}`],
        ['room.leave', staff.user.id, `conversation:${conversationId}`],
      ]),
    );
    const refusedPatient = rows.find((row) => row.type === 'staff.access_refused' && row.actor_user_id !== null)!;
    const refusedAnonymous = rows.find((row) => row.type === 'staff.access_refused' && row.actor_user_id === null)!;
    const consoleOpen = rows.find((row) => row.type === 'console.open')!;
    expect(JSON.parse(refusedPatient.detail!)).toEqual({ reason: 'not_staff' });
    expect(JSON.parse(refusedAnonymous.detail!)).toEqual({ reason: 'not_signed_in' });
    // Masked e-mail only, and the socket's address.
    expect(consoleOpen.masked_email).not.toBe(staff.user.email);
    expect(consoleOpen.masked_email).toMatch(/\*/);
    expect(consoleOpen.ip).toMatch(/127\.0\.0\.1/);
  });
});
