/**
 * One view of the patient (issue #29.4): staff.patientPanel finds a person's other requests and conversations by
 * account, by e-mail (any case) and by normalised phone, and nothing of anyone else's.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chatWhatsApp } from '../../../../server/data/chat-whatsapp';
import { users } from '../../../../server/data/users';
import { codeOf, startStaffWorld } from './staff-fixtures';

let world: Awaited<ReturnType<typeof startStaffWorld>>;
beforeEach(async () => {
  world = await startStaffWorld();
});
afterEach(() => world.close());

const at = '2026-11-20T09:00:00.000Z';

/** A conversation with one visitor message, as the chat stores it. */
async function conversation(values: {
  visitorKey: string;
  userId?: number;
  contactEmail?: string;
  contactPhone?: string;
  followUp?: { kind: 'email' | 'whatsapp'; value: string };
  lastActivityAt?: string;
}) {
  const { id } = await world.db
    .insertInto('chat_conversations')
    .values({
      visitor_key: values.visitorKey,
      user_id: values.userId ?? null,
      contact_email: values.contactEmail ?? null,
      contact_phone: values.contactPhone ?? null,
      follow_up_kind: values.followUp?.kind ?? null,
      follow_up_value: values.followUp?.value ?? null,
      last_activity_at: values.lastActivityAt ?? at,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await world.db
    .insertInto('chat_messages')
    .values({ conversation_id: id, sender: 'user', message: 'Hello', client_id: null, agent_id: null, created_at: at })
    .execute();
  return id;
}

describe('staff.patientPanel', () => {
  it('matches requests and conversations by account, e-mail and phone, and leaves strangers out', async () => {
    const { caller } = await world.person('agent');
    // Patient 7: two requests from the same address and number, one from another address with the same number.
    const first = await world.submit('appointment', 7);
    const sameEmail = await world.submit('service_order', 7, '+234 803 123 0007');
    const samePhone = await world.submit('trip_plan', 8, '0803-123-0007');
    await world.submit('job_application', 9);
    const account = await users.create(world.db, {
      email: 'patient7@example.com',
      fullName: 'Patient Seven',
      passwordHash: 'x',
      confirmed: true,
    });
    const byAccount = await conversation({ visitorKey: `u:${account.id}`, userId: account.id });
    const byPhone = await conversation({
      visitorKey: 'v:phone',
      contactPhone: '+2348031230007',
      lastActivityAt: '2026-11-21T09:00:00.000Z',
    });
    const byEmail = await conversation({
      visitorKey: 'v:email',
      followUp: { kind: 'email', value: 'Patient7@Example.COM' },
      lastActivityAt: '2026-11-22T09:00:00.000Z',
    });
    const byWhatsApp = await conversation({
      visitorKey: 'v:whatsapp',
      followUp: { kind: 'whatsapp', value: '+2348031230007' },
      lastActivityAt: '2026-11-19T09:00:00.000Z',
    });
    await conversation({
      visitorKey: 'v:stranger',
      contactEmail: 'someone@example.com',
      contactPhone: '+2348039999999',
    });

    const panel = await caller.staff.patientPanel({ requestId: first.id });
    expect(panel).toMatchObject({
      name: 'Patient 7',
      email: 'patient7@example.com',
      phone: '+2348031230007',
      phoneMobile: true,
    });
    expect(panel.requests.map((row) => [row.id, row.matchedBy])).toEqual([
      [samePhone.id, ['phone']],
      [sameEmail.id, ['account', 'email', 'phone']],
    ]);
    expect(panel.conversations.map((row) => [row.id, row.matchedBy])).toEqual([
      [byEmail, ['email']],
      [byPhone, ['phone']],
      [byAccount, ['account', 'email']],
      [byWhatsApp, ['phone']],
    ]);

    // From a conversation: the person is the patient's account; this conversation itself is not listed.
    const fromChat = await caller.staff.patientPanel({ conversationId: byAccount });
    expect(fromChat).toMatchObject({ name: 'Patient Seven', email: 'patient7@example.com', phone: null });
    expect(fromChat.requests.map((row) => row.id).sort()).toEqual([first.id, sameEmail.id].sort());
    expect(fromChat.conversations.map((row) => row.id)).toEqual([byEmail]);

    // A visitor known only by the number an agent added: every request with that number, whatever the address.
    const fromPhone = await caller.staff.patientPanel({ conversationId: byPhone });
    expect(fromPhone.requests.map((row) => row.id).sort()).toEqual([first.id, sameEmail.id, samePhone.id].sort());
    expect(fromPhone.conversations.map((row) => row.id)).toEqual([byWhatsApp]);
  });

  it('matches a WhatsApp conversation by its sender’s number (issue #30)', async () => {
    const { caller } = await world.person('agent');
    const request = await world.submit('appointment', 5, '0803 123 0005');
    await world.submit('appointment', 6);
    const whatsApp = await chatWhatsApp.ensureForPhone(world.db, '+2348031230005');
    await world.db
      .insertInto('chat_messages')
      .values({
        conversation_id: whatsApp.id,
        sender: 'user',
        message: 'Hi',
        client_id: 'wa:wamid.P5',
        agent_id: null,
        created_at: at,
      })
      .execute();
    const panel = await caller.staff.patientPanel({ conversationId: whatsApp.id });
    expect(panel.phone).toBe('+2348031230005');
    expect(panel.requests.map((row) => [row.id, row.matchedBy])).toEqual([[request.id, ['phone']]]);
    const fromRequest = await caller.staff.patientPanel({ requestId: request.id });
    expect(fromRequest.conversations.map((row) => [row.id, row.matchedBy])).toEqual([[whatsApp.id, ['phone']]]);
  });

  it('answers NOT_FOUND for a request or conversation that does not exist, and refuses a bad subject', async () => {
    const { caller } = await world.person('admin');
    expect(await codeOf(caller.staff.patientPanel({ requestId: 999 }))).toBe('NOT_FOUND');
    expect(await codeOf(caller.staff.patientPanel({ conversationId: 999 }))).toBe('NOT_FOUND');
    expect(await codeOf(caller.staff.patientPanel({ requestId: 1, conversationId: 1 }))).toBe('BAD_REQUEST');
  });
});
