/**
 * The write batcher's lanes on PostgreSQL (ADR 0053): batches in flight side by side, each in its own transaction on
 * its own connection, with one conversation's writes kept in order by their key, and a deadlock between two lanes
 * undone by PostgreSQL and run again. SQLite has one writer and one lane (write-batcher.test.ts).
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../server/db/database';
import { createWriteBatcher, laneOf } from '../../../server/db/write-batcher';
import { createTestDb } from '../../helpers/test-db';
import { waitFor } from '../../helpers/wait-for';

let db: AppDatabase;
beforeEach(async () => {
  db = await createTestDb();
});
afterEach(async () => {
  await db.destroy();
});

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const insertSubscription = (email: string) => (trx: Pick<AppDatabase, 'insertInto'>) =>
  trx
    .insertInto('newsletter_subscriptions')
    .values({ email, reference: `SUB-${email.split('@')[0]!.toUpperCase()}` })
    .returning('id')
    .executeTakeFirstOrThrow();

const storedEmails = async () =>
  (await sql<{ email: string }>`select email from newsletter_subscriptions order by email`.execute(db)).rows.map(
    (row) => row.email,
  );

/** `count` keys with distinct lanes out of `lanes`. */
function keysOnDistinctLanes(count: number, lanes: number): string[] {
  const byLane = new Map<number, string>();
  for (let index = 0; byLane.size < count; index++) {
    const key = `conversation-${index}`;
    if (!byLane.has(laneOf(key, lanes))) byLane.set(laneOf(key, lanes), key);
  }
  return [...byLane.values()];
}

describe('write lanes on PostgreSQL', () => {
  it("commits a job on another lane while a lane's transaction is still open", async () => {
    const writes = createWriteBatcher(db, { lanes: 2 });
    const held = gate();
    let holding = false;
    const slow = writes.run(async (trx) => {
      await insertSubscription('slow@example.com')(trx);
      holding = true;
      await held.opened;
    });
    await waitFor(() => holding, 5000, 'the slow job holds its transaction');
    // The emptiest lane is the other one: this job does not wait for the slow one's commit.
    await writes.run(insertSubscription('quick@example.com'));
    expect(await storedEmails()).toEqual(['quick@example.com']);
    held.open();
    await slow;
    expect(await storedEmails()).toEqual(['quick@example.com', 'slow@example.com']);
  });

  it('keeps the jobs of one key in the order they were run, while lanes run side by side', async () => {
    const writes = createWriteBatcher(db, { lanes: 4 });
    const keys = ['a', 'b', 'c', 'd', 'e', 'f'];
    const runs = Array.from({ length: 60 }, (_, index) => {
      const key = keys[index % keys.length]!;
      return writes
        .run(async (trx) => {
          // A job sets its own pace, as a real one does: a later job must still not overtake an earlier one of its key.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 4));
          return insertSubscription(`${key}-${String(index).padStart(2, '0')}@example.com`)(trx);
        }, key)
        .then(({ id }) => ({ key, index, id }));
    });
    const stored = await Promise.all(runs);
    for (const key of keys) {
      const ofKey = stored.filter((item) => item.key === key);
      const byId = [...ofKey].sort((left, right) => left.id - right.id).map((item) => item.index);
      expect(byId, `key ${key}`).toEqual(ofKey.map((item) => item.index));
    }
    expect(await storedEmails()).toHaveLength(60);
  });

  it('runs again a batch that PostgreSQL undid to break a deadlock between two lanes, and both commit', async () => {
    const writes = createWriteBatcher(db, { lanes: 2 });
    const [first, second] = keysOnDistinctLanes(2, 2);
    const one = (await insertSubscription('one@example.com')(db)).id;
    const two = (await insertSubscription('two@example.com')(db)).id;
    const touch = (trx: Pick<AppDatabase, 'updateTable'>, id: number, by: string) =>
      trx
        .updateTable('newsletter_subscriptions')
        .set({ email: `${by}-${id}@example.com` })
        .where('id', '=', id)
        .execute();
    const runs = { first: 0, second: 0 };
    const holds = { first: gate(), second: gate() };
    /** Takes `mine`, says so, waits until the other job holds its row, then wants `theirs`. */
    const crossing = (by: 'first' | 'second', other: 'first' | 'second', mine: number, theirs: number) =>
      writes.run(
        async (trx) => {
          runs[by] += 1;
          await touch(trx, mine, by);
          holds[by].open();
          await holds[other].opened;
          await touch(trx, theirs, by);
        },
        by === 'first' ? first : second,
      );
    // Each holds one row and wants the other's: a cycle PostgreSQL breaks (after its deadlock_timeout) by failing one
    // transaction.
    const results = await Promise.allSettled([
      crossing('first', 'second', one, two),
      crossing('second', 'first', two, one),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    // One of them was undone and ran again after the other's commit.
    expect(runs.first + runs.second).toBe(3);
    // Both rows were last written by the same job: the transaction that ran again saw the other's commit whole.
    const emails = await storedEmails();
    expect(new Set(emails.map((email) => email.split('-')[0])).size, emails.join(', ')).toBe(1);
  });
});
