/**
 * The desk's rating averages (issue #14): the last 7 days and the last 30 days, counted back from an injected clock.
 * Ratings are placed on both sides of each window, so a window of another length changes the answer (issue #25).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chatDesk } from '../../../server/data/chat-desk';
import type { AppDatabase } from '../../../server/db/database';
import { createTestDb } from '../../helpers/test-db';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NOW = new Date('2026-06-15T12:00:00.000Z');

let db: AppDatabase;
beforeEach(async () => {
  db = await createTestDb();
});
afterEach(async () => {
  await db.destroy();
});

let visitors = 0;
/** One resolved conversation rated `rating`, `ageMs` before NOW. */
async function rated(rating: number, ageMs: number) {
  visitors += 1;
  const at = new Date(NOW.getTime() - ageMs).toISOString();
  const conversation = await db
    .insertInto('chat_conversations')
    .values({ visitor_key: `v:rating-${visitors}`, last_activity_at: at, created_at: at, status: 'resolved' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('chat_ratings')
    .values({ conversation_id: conversation.id, rating, comment: null, created_at: at })
    .execute();
}

describe('chatDesk.ratingSummary', () => {
  it('averages the last 7 and the last 30 days separately, leaving older ratings out', async () => {
    await rated(5, 1 * DAY);
    await rated(4, 6 * DAY);
    await rated(4, 7 * DAY - MINUTE);
    // Outside the 7-day window, inside the 30-day one.
    await rated(1, 7 * DAY + MINUTE);
    await rated(2, 20 * DAY);
    await rated(3, 30 * DAY - MINUTE);
    // Outside both.
    await rated(1, 30 * DAY + MINUTE);
    await rated(1, 45 * DAY);
    await rated(1, 400 * DAY);

    expect(await chatDesk.ratingSummary(db, NOW)).toEqual({
      // (5 + 4 + 4) / 3 = 4.333…, shown to one decimal.
      last7Days: { average: 4.3, count: 3 },
      // (5 + 4 + 4 + 1 + 2 + 3) / 6 = 3.1666…
      last30Days: { average: 3.2, count: 6 },
    });
  });

  it('counts back from the clock it is given: the same ratings leave the windows as it moves on', async () => {
    await rated(5, 2 * DAY);
    await rated(3, 10 * DAY);
    const later = (days: number) => new Date(NOW.getTime() + days * DAY);

    expect(await chatDesk.ratingSummary(db, NOW)).toEqual({
      last7Days: { average: 5, count: 1 },
      last30Days: { average: 4, count: 2 },
    });
    // Ages 8 and 16 days.
    expect(await chatDesk.ratingSummary(db, later(6))).toEqual({
      last7Days: { average: null, count: 0 },
      last30Days: { average: 4, count: 2 },
    });
    // Ages 23 and 31 days.
    expect(await chatDesk.ratingSummary(db, later(21))).toEqual({
      last7Days: { average: null, count: 0 },
      last30Days: { average: 5, count: 1 },
    });
    expect(await chatDesk.ratingSummary(db, later(29))).toEqual({
      last7Days: { average: null, count: 0 },
      last30Days: { average: null, count: 0 },
    });
  });

  it('with no ratings at all, both windows are empty', async () => {
    expect(await chatDesk.ratingSummary(db, NOW)).toEqual({
      last7Days: { average: null, count: 0 },
      last30Days: { average: null, count: 0 },
    });
  });
});
