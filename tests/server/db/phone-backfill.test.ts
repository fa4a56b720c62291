import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { nigerianMobileE164 } from '../../../migrations/0070-phone-numbers-e164';
import { openDatabase, type AppDatabase } from '../../../server/db/database';
import { createMigrator, migrateToLatest } from '../../../server/db/migrate';
import { phoneE164 } from '../../../shared/phone';
import { createPostgresTestDb, testEngine } from '../../helpers/test-db';

// Migration 0070 (issue #23.4, ADR 0031) adds phone_e164 and fills it for the rows stored before it, with its own
// small reader of Nigerian mobiles (migrations cannot import the library).

const BEFORE = '0060-chat-desk';

async function databaseBefore0070(): Promise<AppDatabase> {
  const db = testEngine === 'postgres' ? (await createPostgresTestDb()).db : openDatabase(':memory:').db;
  const { error } = await (await createMigrator(db)).migrateTo(BEFORE);
  expect(error).toBeUndefined();
  return db;
}

let db: AppDatabase | undefined;
afterEach(async () => {
  await db?.destroy();
  db = undefined;
});

const TYPED = {
  '0803 123 4567': '+2348031234567',
  '0803-123-4567': '+2348031234567',
  '+234 809 555 1212': '+2348095551212',
  '2348031234567': '+2348031234567',
  '+234 (0) 701 234 5678': '+2347012345678',
  '(0905) 555.1212': '+2349055551212',
  '+44 20 7946 0958': null,
  '123 4567': null,
} as const;

describe('migration 0070: phone numbers in E.164', () => {
  it('fills phone_e164 of the rows stored before it, on the form tables and the inbox', async () => {
    db = await databaseBefore0070();
    let n = 0;
    for (const phone of [...Object.keys(TYPED), null]) {
      n++;
      const now = new Date().toISOString();
      const { id } = (
        await sql<{ id: number }>`insert into appointments (reference, full_name, email, phone, preferred_date,
          service_type, created_at) values (${`APT-${n}`}, ${'Ada'}, ${'ada@example.com'}, ${phone}, ${'2030-01-02'},
          ${'Other'}, ${now}) returning id`.execute(db)
      ).rows[0]!;
      await sql`insert into requests (reference, type, submission_id, full_name, email, phone, subject, created_at,
        updated_at) values (${`APT-${n}`}, ${'appointment'}, ${id}, ${'Ada'}, ${'ada@example.com'}, ${phone},
        ${'Other'}, ${now}, ${now})`.execute(db);
    }
    await migrateToLatest(db);
    const expected = [...Object.values(TYPED), null];
    const forms = await db.selectFrom('appointments').select(['phone', 'phone_e164']).orderBy('id').execute();
    const inbox = await db.selectFrom('requests').select(['phone', 'phone_e164']).orderBy('id').execute();
    expect(forms.map((row) => row.phone_e164)).toEqual(expected);
    expect(inbox.map((row) => row.phone_e164)).toEqual(expected);
    expect(forms.map((row) => row.phone)).toEqual([...Object.keys(TYPED), null]);

    const { error } = await (await createMigrator(db)).migrateTo(BEFORE);
    expect(error).toBeUndefined();
    const columns =
      testEngine === 'postgres'
        ? (
            await sql<{ name: string }>`select column_name as name from information_schema.columns
              where table_schema = current_schema() and table_name = 'requests'`.execute(db)
          ).rows
        : (await sql<{ name: string }>`select name from pragma_table_info('requests')`.execute(db)).rows;
    expect(columns.map((column) => column.name)).not.toContain('phone_e164');
  });

  it("reads Nigerian mobiles as the library does, and leaves what it cannot read to the app's writes", () => {
    const corpus = [
      ...Object.keys(TYPED),
      '08031234567',
      '+2348031234567',
      '+23408031234567',
      '0(803)1234567',
      '07201234567',
      '09161234567',
      '09171234567',
      '08001234567',
      '07001234567',
      '0803123456',
      '080312345678',
      '+4408031234567',
      '01 234 5678',
    ];
    for (const typed of corpus) {
      const fromMigration = nigerianMobileE164(typed);
      if (fromMigration !== null) expect(fromMigration, typed).toBe(phoneE164(typed));
    }
    expect(corpus.filter((typed) => nigerianMobileE164(typed) === null)).toEqual([
      '+44 20 7946 0958',
      '123 4567',
      '09171234567',
      '08001234567',
      '07001234567',
      '0803123456',
      '080312345678',
      '+4408031234567',
      '01 234 5678',
    ]);
  });
});
