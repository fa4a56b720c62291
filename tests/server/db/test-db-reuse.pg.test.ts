/**
 * createTestDb on PostgreSQL hands a later test of the same file the schema an earlier test destroyed, emptied back to
 * what the migrations left (tests/helpers/test-db.ts). These pin that the hand-back is indistinguishable from a fresh
 * migration: no rows of the earlier test, the seeded rows back, ids counting from where a fresh schema counts; and that
 * a schema whose objects a test changed is not handed on.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../server/db/database';
import { createTestDb, failInserts } from '../../helpers/test-db';

const schemaOf = async (db: AppDatabase) =>
  (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]!.schema;
const cannedReplies = (db: AppDatabase) =>
  db.selectFrom('chat_canned_replies').select(['id', 'title', 'body']).orderBy('id').execute();
const subscribe = async (db: AppDatabase, reference: string) =>
  (
    await db
      .insertInto('newsletter_subscriptions')
      .values({ reference, email: `${reference.toLowerCase()}@example.com` })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

describe('a PostgreSQL test database handed on within a file', () => {
  it('is the same schema, emptied to what the migrations left, ids counting afresh', async () => {
    const first = await createTestDb();
    const firstSchema = await schemaOf(first);
    const seeded = await cannedReplies(first);
    expect(seeded.length).toBeGreaterThan(0);
    const firstId = await subscribe(first, 'SUB-AAAAA');
    await subscribe(first, 'SUB-BBBBB');
    await first.deleteFrom('chat_canned_replies').execute();
    await first.destroy();

    const second = await createTestDb();
    expect(await schemaOf(second)).toBe(firstSchema);
    expect(await second.selectFrom('newsletter_subscriptions').select('reference').execute()).toEqual([]);
    expect(await cannedReplies(second)).toEqual(seeded);
    expect(await subscribe(second, 'SUB-CCCCC')).toBe(firstId);
    await second.destroy();
  });

  it('is not handed on when a test left a trigger behind', async () => {
    const first = await createTestDb();
    const firstSchema = await schemaOf(first);
    await failInserts(first, 'newsletter_subscriptions', { message: 'disk full' });
    await first.destroy();

    const second = await createTestDb();
    expect(await schemaOf(second)).not.toBe(firstSchema);
    await expect(subscribe(second, 'SUB-DDDDD')).resolves.toBeGreaterThan(0);
    await second.destroy();
  });
});
