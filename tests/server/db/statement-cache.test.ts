import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../server/db/database';

let open: ReturnType<typeof openDatabase> | null = null;
afterEach(async () => {
  await open?.db.destroy();
  open = null;
});

async function withNumbers(count: number) {
  open = openDatabase(':memory:');
  await sql`create table numbers (n integer not null)`.execute(open.db);
  for (let n = 1; n <= count; n++) await sql`insert into numbers (n) values (${n})`.execute(open.db);
  return open;
}

describe('the prepared-statement cache', () => {
  it('runs a query again after a stream of it was broken off', async () => {
    const { db } = await withNumbers(5);
    const query = () =>
      db
        .selectFrom('numbers' as never)
        .select(sql<number>`n`.as('n'))
        .orderBy(sql`n`);
    const streamed: number[] = [];
    for await (const row of query().stream()) {
      streamed.push(row.n);
      if (row.n === 2) break;
    }
    expect(streamed).toEqual([1, 2]);
    expect((await query().execute()).map((row) => row.n)).toEqual([1, 2, 3, 4, 5]);
  });

  it('prepares the same SQL once and runs it with each call’s own parameters', async () => {
    const { db, sqlite } = await withNumbers(5);
    const prepare = vi.spyOn(sqlite, 'prepare');
    const atLeast = async (min: number) =>
      (await sql<{ n: number }>`select n from numbers where n >= ${min} order by n`.execute(db)).rows.map(
        (row) => row.n,
      );
    expect(await atLeast(4)).toEqual([4, 5]);
    expect(await atLeast(2)).toEqual([2, 3, 4, 5]);
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('sees a column added after the statement was cached', async () => {
    const { db } = await withNumbers(1);
    const everything = async () => (await sql<Record<string, unknown>>`select * from numbers`.execute(db)).rows;
    expect(await everything()).toEqual([{ n: 1 }]);
    await sql`alter table numbers add column label text not null default 'one'`.execute(db);
    expect(await everything()).toEqual([{ n: 1, label: 'one' }]);
  });
});
