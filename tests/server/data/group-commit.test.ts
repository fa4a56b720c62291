import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../server/db/schema';
import { describe, expect, it } from 'vitest';
import { groupCommit } from '../../../server/data/submissions';
import { createTestDb } from '../../helpers/test-db';

describe('groupCommit', () => {
  it('rolls a failing write back whole while its neighbours in the same batch commit', async () => {
    const db = await createTestDb();
    const count = async () => (await sql<{ n: number }>`select count(*) as n from newsletter_subscriptions`.execute(db)).rows[0]!.n;
    const insert = (email: string) => (trx: Transaction<Database>) =>
      trx.insertInto('newsletter_subscriptions').values({ email, reference: `SUB-${email.slice(0, 5).toUpperCase()}` }).execute();

    const results = await Promise.allSettled([
      groupCommit(db, insert('first@example.com')),
      groupCommit(db, async (trx) => {
        await insert('half@example.com')(trx);
        throw new Error('second statement failed');
      }),
      groupCommit(db, insert('third@example.com')),
    ]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await count()).toBe(2);
    const emails = (await sql<{ email: string }>`select email from newsletter_subscriptions order by email`.execute(db)).rows.map((row) => row.email);
    expect(emails).toEqual(['first@example.com', 'third@example.com']);
    await db.destroy();
  });
});
