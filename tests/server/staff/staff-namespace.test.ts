import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { invalidateSession } from '../../../server/auth/session';
import type { InboxRow } from '../../../shared/requests';
import { post, validInput } from '../trpc/routers/forms-fixtures';
import { collect, connected, refused, startChatHarness, type ChatHarness } from '../../helpers/socket-harness';
import { waitFor } from '../../helpers/wait-for';

let harness: ChatHarness;
beforeEach(async () => {
  harness = await startChatHarness();
});
afterEach(() => harness.close());

describe('the /staff namespace (issue #13: live inbox)', () => {
  it('refuses anonymous visitors and patients with a readable reason, and audits it', async () => {
    const anonymous = await refused(harness.staffSocket({ reconnection: false }));
    expect(anonymous.data).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
    const patient = await harness.userSession('patient');
    const refusal = await refused(harness.staffSocket({ cookie: patient.cookie, reconnection: false }));
    expect(refusal.data).toEqual({ code: 'FORBIDDEN', message: 'This page is for staff only.' });
    const audit = await harness.db
      .selectFrom('audit_events')
      .select(['subject', 'detail'])
      .where('type', '=', 'staff.access_refused')
      .execute();
    expect(audit).toEqual([
      { subject: '/staff', detail: '{"reason":"not_signed_in"}' },
      { subject: '/staff', detail: '{"reason":"not_staff"}' },
    ]);
  });

  it('pushes a submitted request to every connected agent and admin, and staff changes after it', async () => {
    const agent = await harness.userSession('agent');
    const admin = await harness.userSession('admin');
    const agentSocket = harness.staffSocket({ cookie: agent.cookie });
    const adminSocket = harness.staffSocket({ cookie: admin.cookie });
    await Promise.all([connected(agentSocket), connected(adminSocket)]);
    const agentNew = collect<InboxRow>(agentSocket, 'request:new');
    const adminNew = collect<InboxRow>(adminSocket, 'request:new');
    const changed = collect<InboxRow>(adminSocket, 'request:changed');

    const answer = await post(harness.baseUrl, 'submitAppointment', validInput.submitAppointment());
    const reference = answer.json.result.data.reference as string;
    await waitFor(() => agentNew.length === 1 && adminNew.length === 1, 5000, 'request:new on both sockets');
    expect(agentNew[0]!.value).toMatchObject({ reference, type: 'appointment', status: 'new', ownerId: null });

    const claim = await fetch(`${harness.baseUrl}/trpc/staff.claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: harness.baseUrl, cookie: agent.cookie },
      body: JSON.stringify({ id: agentNew[0]!.value.id }),
    });
    expect(claim.status).toBe(200);
    await waitFor(() => changed.length === 1, 5000, 'request:changed');
    expect(changed[0]!.value).toMatchObject({ reference, ownerId: agent.user.id });
  });

  it('a take-over is told to the colleague it was taken from, and to no one else (issue #29.5)', async () => {
    const ada = await harness.userSession('agent', 'Ada Eze');
    const bola = await harness.userSession('agent', 'Bola Ade');
    const adaSocket = harness.staffSocket({ cookie: ada.cookie });
    const bolaSocket = harness.staffSocket({ cookie: bola.cookie });
    await Promise.all([connected(adaSocket), connected(bolaSocket)]);
    const toAda = collect<{ row: InboxRow; byName: string }>(adaSocket, 'request:taken');
    const toBola = collect<{ row: InboxRow; byName: string }>(bolaSocket, 'request:taken');
    const changed = collect<InboxRow>(adaSocket, 'request:changed');
    await post(harness.baseUrl, 'submitAppointment', validInput.submitAppointment());
    const { id } = await harness.db.selectFrom('requests').select('id').executeTakeFirstOrThrow();
    const claim = (cookie: string, body: object) =>
      fetch(`${harness.baseUrl}/trpc/staff.claim`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: harness.baseUrl, cookie },
        body: JSON.stringify({ id, ...body }),
      });
    expect((await claim(ada.cookie, {})).status).toBe(200);
    expect((await claim(bola.cookie, {})).status).toBe(409);
    expect((await claim(bola.cookie, { takeOverFrom: ada.user.id })).status).toBe(200);
    await waitFor(() => toAda.length === 1 && changed.length === 2, 5000, 'request:taken to Ada');
    expect(toAda[0]!.value).toMatchObject({ row: { id, ownerId: bola.user.id }, byName: 'Bola Ade' });
    expect(toBola).toEqual([]);
  });

  it('a staff socket goes at once when its session ends', async () => {
    const agent = await harness.userSession('agent');
    const socket = harness.staffSocket({ cookie: agent.cookie, reconnection: false });
    await connected(socket);
    await invalidateSession(harness.db, agent.session.id, harness.sessionEvents);
    await waitFor(() => socket.disconnected, 2000, 'disconnect');
    expect(socket.connected).toBe(false);
  });
});
