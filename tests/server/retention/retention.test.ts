import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, envSetting } from '../../../server/env';
import { monthsBefore, runRetention } from '../../../server/retention/retention';
import { legalPages } from '../../../client/content/legal-pages';
import { CHAT_RETENTION_MONTHS, REQUEST_RETENTION_MONTHS } from '../../../shared/constants';
import { startStaffWorld } from '../trpc/routers/staff-fixtures';

let world: Awaited<ReturnType<typeof startStaffWorld>>;
beforeEach(async () => {
  world = await startStaffWorld();
});
afterEach(() => world.close());

const NOW = new Date('2026-11-25T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

async function conversationWithMessages(createdAt: string[]) {
  const conversation = await world.db
    .insertInto('chat_conversations')
    .values({
      visitor_key: `v:${Math.random()}`,
      user_id: null,
      assigned_agent_id: null,
      current_page: null,
      last_activity_at: createdAt.at(-1)!,
      created_at: createdAt[0]!,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const at of createdAt)
    await world.db
      .insertInto('chat_messages')
      .values({
        conversation_id: conversation.id,
        message: `said at ${at}`,
        sender: 'user',
        client_id: null,
        agent_id: null,
        created_at: at,
      })
      .execute();
  return conversation.id;
}

async function closedRequest(closedDaysAgo: number | null, n: number) {
  const { caller } = await world.person('agent');
  const { id, reference } = await world.submit('trip_plan', n);
  await caller.staff.addNote({ id, body: `Patient ${n} said private things` });
  // A text the request sent (issue #27), as the worker leaves it.
  await world.db
    .insertInto('outbound_messages')
    .values({
      recipient: `+234803123${n}`,
      channel: 'sms',
      template: 'staff_message',
      language: 'en',
      params: JSON.stringify({ message: `Patient ${n}, bring your card` }),
      text_body: `Ilera Health, about ${reference}: Patient ${n}, bring your card`,
      encoding: 'GSM-7',
      segments: 1,
      next_attempt_at: 0,
      fallback_email: `patient${n}@example.com`,
      request_id: id,
      created_at: daysAgo(900),
      status_at: daysAgo(900),
    })
    .execute();
  if (closedDaysAgo !== null) {
    await caller.staff.setStatus({ id, status: 'cancelled', reason: `Patient ${n} changed plans` });
    await world.db
      .updateTable('requests')
      .set({ closed_at: daysAgo(closedDaysAgo) })
      .where('id', '=', id)
      .execute();
  }
  return { id, reference };
}

describe('retention (issue #13)', () => {
  it('deletes chat messages older than 12 months and conversations left empty; keeps recent ones', async () => {
    const old = await conversationWithMessages([daysAgo(500), daysAgo(400)]);
    const mixed = await conversationWithMessages([daysAgo(400), daysAgo(10)]);
    const dry = await runRetention(world.db, { now: NOW, requestMonths: REQUEST_RETENTION_MONTHS, dryRun: true });
    expect(dry).toMatchObject({ chatMessages: 3, chatConversations: 1 });
    expect(await world.db.selectFrom('chat_messages').select('id').execute()).toHaveLength(4);

    const done = await runRetention(world.db, { now: NOW, requestMonths: REQUEST_RETENTION_MONTHS });
    expect(done).toMatchObject({
      chatMessages: 3,
      chatConversations: 1,
      chatCutoff: monthsBefore(NOW, CHAT_RETENTION_MONTHS),
    });
    const left = await world.db.selectFrom('chat_messages').select(['conversation_id', 'created_at']).execute();
    expect(left).toEqual([{ conversation_id: mixed, created_at: daysAgo(10) }]);
    expect(await world.db.selectFrom('chat_conversations').select('id').where('id', '=', old).execute()).toEqual([]);
  });

  it('deletes the files patients sent in a chat with the messages of their age (issue #30)', async () => {
    const conversation = await conversationWithMessages([daysAgo(400), daysAgo(10)]);
    const file = (id: string, createdAt: string) => ({
      conversation_id: conversation,
      provider_media_id: id,
      kind: 'audio' as const,
      mime_type: 'audio/ogg',
      bytes: Buffer.from('OggS'),
      created_at: createdAt,
    });
    await world.db
      .insertInto('chat_attachments')
      .values([file('old-voice-note', daysAgo(400)), file('new-voice-note', daysAgo(10))])
      .execute();
    await runRetention(world.db, { now: NOW, requestMonths: REQUEST_RETENTION_MONTHS });
    expect(await world.db.selectFrom('chat_attachments').select('provider_media_id').execute()).toEqual([
      { provider_media_id: 'new-voice-note' },
    ]);
  });

  it('anonymises requests closed longer ago than the period: inbox row, form row and history texts; search forgets them', async () => {
    const due = await closedRequest(800, 8801);
    const recent = await closedRequest(30, 8802);
    const open = await closedRequest(null, 8803);
    const dry = await runRetention(world.db, { now: NOW, requestMonths: 24, dryRun: true });
    expect(dry.requests).toEqual([due.reference]);
    expect(
      (await world.db.selectFrom('requests').select('full_name').where('id', '=', due.id).executeTakeFirstOrThrow())
        .full_name,
    ).toBe('Patient 8801');

    const report = await runRetention(world.db, { now: NOW, requestMonths: 24 });
    expect(report.requests).toEqual([due.reference]);
    const row = await world.db.selectFrom('requests').selectAll().where('id', '=', due.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      full_name: 'Removed',
      email: '',
      phone: null,
      phone_e164: null,
      cancel_reason: null,
      status: 'cancelled',
      reference: due.reference,
    });
    expect(row.anonymised_at).not.toBeNull();
    const trip = await world.db
      .selectFrom('trip_plans')
      .selectAll()
      .where('id', '=', row.submission_id)
      .executeTakeFirstOrThrow();
    expect(trip).toMatchObject({
      full_name: 'Removed',
      email: '',
      phone: null,
      phone_e164: null,
      additional_requests: null,
    });
    const bodies = await world.db
      .selectFrom('request_events')
      .select('body')
      .where('request_id', '=', due.id)
      .where('body', 'is not', null)
      .execute();
    expect(bodies.map((event) => event.body)).toEqual(['[removed]', '[removed]']);
    const texts = await world.db
      .selectFrom('outbound_messages')
      .select(['request_id', 'recipient', 'text_body', 'params', 'fallback_email', 'template'])
      .where('request_id', 'in', [due.id, recent.id])
      .orderBy('request_id')
      .execute();
    expect(texts).toEqual([
      {
        request_id: due.id,
        recipient: '',
        text_body: '[removed]',
        params: '{}',
        fallback_email: null,
        template: 'staff_message',
      },
      expect.objectContaining({ request_id: recent.id, recipient: '+2348031238802' }),
    ]);
    const { caller } = await world.person('agent');
    expect((await caller.staff.inbox({ search: 'Patient 8801' })).rows).toEqual([]);
    expect((await caller.staff.inbox({ search: '+234 803 123 8801' })).rows).toEqual([]);
    expect((await caller.staff.inbox({ search: 'Patient 8802' })).rows.map((r) => r.id)).toEqual([recent.id]);
    expect((await caller.staff.inbox({ search: 'Patient 8803' })).rows.map((r) => r.id)).toEqual([open.id]);

    // A second run finds nothing more to do.
    expect(await runRetention(world.db, { now: NOW, requestMonths: 24 })).toMatchObject({
      chatMessages: 0,
      chatConversations: 0,
      requests: [],
    });
  });

  it('a shorter configured period anonymises sooner; a longer one than the privacy notice is refused at start', () => {
    expect(envSetting('REQUEST_RETENTION_MONTHS', { REQUEST_RETENTION_MONTHS: '6' })).toBe(6);
    expect(envSetting('REQUEST_RETENTION_MONTHS', {})).toBe(REQUEST_RETENTION_MONTHS);
    expect(() =>
      envSetting('REQUEST_RETENTION_MONTHS', { REQUEST_RETENTION_MONTHS: String(REQUEST_RETENTION_MONTHS + 1) }),
    ).toThrow(ConfigError);
    expect(() =>
      envSetting('REQUEST_RETENTION_MONTHS', { REQUEST_RETENTION_MONTHS: String(REQUEST_RETENTION_MONTHS + 1) }),
    ).toThrow(/REQUEST_RETENTION_MONTHS: must be at most 24/);
  });

  it('the privacy notice states the same numbers', () => {
    const text = JSON.stringify(legalPages);
    expect(text).toContain(`then ${REQUEST_RETENTION_MONTHS} months after it is closed`);
    expect(text).toContain(`Chat messages: ${CHAT_RETENTION_MONTHS} months from the date they are sent.`);
  });
});
