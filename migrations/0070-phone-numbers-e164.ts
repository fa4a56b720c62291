import { type Kysely } from 'kysely';

// Phone numbers in one form (issue #23.4, ADR 0031): every table with a typed phone gets `phone_e164` beside it, the
// number in E.164 ('+2348031234567') or null when it is not a number we can read. The app fills it through
// libphonenumber-js (shared/phone.ts) on every write; the staff inbox searches `requests.phone_e164` (indexed).
//
// Existing rows are filled here. Migrations import only kysely (frozen in time), so the backfill cannot use the
// library: `nigerianMobileE164` below reads the forms people wrote Nigerian mobiles in (0803 123 4567, 234…, +234…,
// +234 (0) 803…, with spaces, dashes, dots or brackets) over the mobile ranges the library accepts, and returns the
// same E.164 as the library for them (tests/server/db/phone-backfill.test.ts checks the two agree). Other numbers
// (landlines, foreign numbers) keep a null normalised value and are still found by their typed digits.
const TABLES = ['job_applications', 'service_orders', 'appointments', 'trip_plans', 'requests'] as const;
const NIGERIAN_MOBILE = /^(?:\+?2340?|0)?((?:70[1-9]|7[12]\d|80[1-9]|81\d|90[1-9]|91[0-6])\d{7})$/;

export function nigerianMobileE164(typed: string): string | null {
  const compact = typed.replace(/[\s().-]/g, '');
  const mobile = NIGERIAN_MOBILE.exec(compact);
  return mobile ? `+234${mobile[1]}` : null;
}

const BATCH = 500;

async function backfill(db: Kysely<any>, table: string) {
  for (let after = 0; ;) {
    const rows: { id: number; phone: string }[] = await db
      .selectFrom(table)
      .select(['id', 'phone'])
      .where('phone', 'is not', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const e164 = nigerianMobileE164(row.phone);
      if (e164) await db.updateTable(table).set({ phone_e164: e164 }).where('id', '=', row.id).execute();
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('phone_e164', 'text').execute();
    await backfill(db, table);
  }
  await db.schema.createIndex('requests_phone_e164').on('requests').column('phone_e164').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('requests_phone_e164').execute();
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('phone_e164').execute();
}
