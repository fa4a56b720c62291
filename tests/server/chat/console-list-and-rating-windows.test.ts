/**
 * The two chat-desk queries an agent relies on without being able to check them: the order of a console view
 * (chat.listSummaries: urgent rooms first, then the newest activity, then the newest room) and the rating averages
 * (chatDesk.ratingSummary: the last 7 and 30 days, one decimal). Queried directly, with the times set in the rows, so
 * every edge is exact. Written to kill the mutants `npm run test:mutation` found alive (issue #25.3).
 */
import { describe, expect, it } from 'vitest';
import { chat } from '../../../server/data/chat';
import { chatDesk } from '../../../server/data/chat-desk';
import type { AppDatabase } from '../../../server/db/database';
import { createTestDb } from '../../helpers/test-db';

const DAY = 24 * 60 * 60_000;
const NOW = new Date('2026-05-14T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

async function room(
  db: AppDatabase,
  key: string,
  options: { activity: string; urgent?: string; message?: string | null; name?: string },
) {
  let userId: number | null = null;
  if (options.name)
    userId = (
      await db
        .insertInto('users')
        .values({
          email: `${key}@example.ng`,
          full_name: options.name,
          password_hash: 'x',
          email_confirmed_at: null,
          role: 'patient',
          created_at: options.activity,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const { id } = await db
    .insertInto('chat_conversations')
    .values({
      visitor_key: key,
      user_id: userId,
      current_page: '/',
      last_activity_at: options.activity,
      created_at: options.activity,
      urgent_at: options.urgent ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.message !== null)
    await db
      .insertInto('chat_messages')
      .values({
        conversation_id: id,
        sender: 'user',
        message: options.message ?? `hello from ${key}`,
        client_id: null,
        agent_id: null,
        created_at: options.activity,
      })
      .execute();
  return id;
}

const listed = async (db: AppDatabase, options: { search?: string; limit?: number } = {}) =>
  (await chat.listSummaries(db, { agentId: 1, view: 'open', limit: options.limit ?? 50, search: options.search })).map(
    (row) => row.id,
  );

describe('chat.listSummaries order', () => {
  it('urgent rooms first (however old), then the newest activity, then the newest room on a tie', async () => {
    const db = await createTestDb();
    const oldUrgent = await room(db, 'v:old-urgent', { activity: iso(NOW.getTime() - 5 * DAY), urgent: iso(0) });
    const quiet = await room(db, 'v:quiet', { activity: iso(NOW.getTime() - DAY) });
    const busy = await room(db, 'v:busy', { activity: iso(NOW.getTime() - 60_000) });
    const tieFirst = await room(db, 'v:tie-1', { activity: iso(NOW.getTime() - 2 * DAY) });
    const tieSecond = await room(db, 'v:tie-2', { activity: iso(NOW.getTime() - 2 * DAY) });
    const newUrgent = await room(db, 'v:new-urgent', {
      activity: iso(NOW.getTime() - 3 * DAY),
      urgent: iso(NOW.getTime()),
    });
    expect(await listed(db)).toEqual([newUrgent, oldUrgent, busy, quiet, tieSecond, tieFirst]);
    expect(await listed(db, { limit: 2 })).toEqual([newUrgent, oldUrgent]);
  });

  it('leaves out rooms without a message, and a search keeps only the rooms it matches', async () => {
    const db = await createTestDb();
    const amaka = await room(db, 'v:amaka', { activity: iso(NOW.getTime() - DAY), name: 'Amaka Obi' });
    const chidi = await room(db, 'v:chidi', { activity: iso(NOW.getTime()), name: 'Chidi Eze' });
    await room(db, 'v:empty', { activity: iso(NOW.getTime()), message: null });
    expect(await listed(db)).toEqual([chidi, amaka]);
    expect(await listed(db, { search: 'amaka' })).toEqual([amaka]);
    expect(await listed(db, { search: '' })).toEqual([chidi, amaka]);
  });
});

async function rate(db: AppDatabase, rating: number, at: number) {
  const id = await room(db, `v:rated-${at}-${rating}-${Math.random()}`, { activity: iso(at) });
  await db
    .insertInto('chat_ratings')
    .values({ conversation_id: id, rating, comment: null, created_at: iso(at) })
    .execute();
}

describe('chatDesk.ratingSummary', () => {
  it('no ratings: no average, count 0, for both windows', async () => {
    const db = await createTestDb();
    expect(await chatDesk.ratingSummary(db, NOW)).toEqual({
      last7Days: { average: null, count: 0 },
      last30Days: { average: null, count: 0 },
    });
  });

  it('counts the ratings of the last 7 and 30 days (each edge included), averaged to one decimal', async () => {
    const db = await createTestDb();
    const now = NOW.getTime();
    await rate(db, 5, now - 60_000);
    await rate(db, 4, now - 3 * DAY);
    await rate(db, 4, now - 7 * DAY);
    await rate(db, 1, now - 7 * DAY - 1);
    await rate(db, 2, now - 30 * DAY);
    await rate(db, 5, now - 30 * DAY - 1);
    const summary = await chatDesk.ratingSummary(db, NOW);
    // 7 days: 5, 4, 4 = 13 / 3 = 4.33; 30 days adds 1 and 2: 16 / 5 = 3.2.
    expect(summary).toEqual({ last7Days: { average: 4.3, count: 3 }, last30Days: { average: 3.2, count: 5 } });
  });

  it('rounds the average to the nearest tenth', async () => {
    const db = await createTestDb();
    const now = NOW.getTime();
    for (const rating of [5, 5, 4]) await rate(db, rating, now - DAY);
    expect((await chatDesk.ratingSummary(db, NOW)).last7Days).toEqual({ average: 4.7, count: 3 });
  });
});
