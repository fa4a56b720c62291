/**
 * `npm run db:copy` with a row in every table (issue #25.6). The tables are found in the SQLite file's own schema, not
 * in the tool's list, and both sides are counted by this test's own queries, not read from the tool's report: a table
 * the tool forgot, or a new migration's table nobody seeded here, fails the test.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { createProcessDatabase, type ProcessDatabase } from '../../helpers/test-db';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-db-copy-all-'));
const sqliteFile = path.join(dataDir, 'app.db');
const databases: ProcessDatabase[] = [];

afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  for (const database of databases) await database.drop();
});

const at = '2026-11-20T09:30:00.000Z';
const later = Date.parse('2030-01-01T00:00:00Z');
const times = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/**
 * Rows per table, each its own number so that rows copied into the wrong table, or a table copied twice, cannot add up
 * to the right count. The migrations seed six canned replies; one is deleted and one edited.
 */
const seeded: Record<string, number> = {
  app_meta: 2,
  users: 3,
  sessions: 2,
  email_tokens: 4,
  mail_outbox: 3,
  newsletter_subscriptions: 2,
  job_applications: 2,
  service_orders: 3,
  appointments: 4,
  trip_plans: 2,
  requests: 5,
  request_events: 7,
  request_calls: 2,
  chat_conversations: 3,
  chat_messages: 6,
  chat_pending_replies: 2,
  chat_pending_followups: 2,
  chat_agent_reads: 2,
  chat_ratings: 3,
  chat_canned_replies: 5,
  chat_notes: 2,
  chat_attachments: 2,
  audit_events: 4,
  login_lockouts: 2,
  outbound_messages: 3,
  message_consents: 4,
  messaging_webhook_events: 2,
  messaging_early_receipts: 1,
  clinicians: 3,
  clinician_services: 4,
  clinician_hours: 6,
  clinician_blocks: 2,
  clinic_closures: 3,
  bookings: 3,
  booking_cells: 5,
  booking_reminders: 4,
  waitlist_offers: 2,
  staff_alert_settings: 2,
  chat_hand_backs: 1,
};

/** Inserts `seeded` rows into every table, with plain SQL in foreign-key order. */
function seedEveryTable(file: string) {
  const db = new SQLite(file);
  const insert = (table: string, rows: Record<string, unknown>[]) => {
    for (const row of rows) {
      const columns = Object.keys(row);
      db.prepare(
        `insert into "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
      ).run(...columns.map((column) => row[column] as string | number | Buffer | null));
    }
  };
  const attachment = (n: number) => ({
    conversation_id: n,
    message_id: n,
    provider_media_id: `media-${n}`,
    kind: n === 1 ? 'image' : 'video',
    created_at: at,
  });
  const person = (n: number) => ({ full_name: `Person ${n}`, email: `person${n}@example.com` });
  db.transaction(() => {
    insert(
      'app_meta',
      times(2).map((n) => ({ key: `probe-${n}`, value: String(n) })),
    );
    insert(
      'users',
      times(3).map((n) => ({
        ...person(n),
        password_hash: `hash-${n}`,
        role: n === 1 ? 'admin' : n === 2 ? 'agent' : 'patient',
        created_at: at,
        email_confirmed_at: n === 3 ? null : at,
      })),
    );
    insert(
      'sessions',
      times(2).map((n) => ({ id: `session-${n}`, user_id: n, expires_at: later, created_at: at })),
    );
    insert(
      'email_tokens',
      times(4).map((n) => ({
        id: `token-${n}`,
        user_id: 3,
        kind: ['confirm_email', 'reset_password', 'invite', 'reset_password'][n - 1],
        expires_at: later,
        created_at: at,
      })),
    );
    insert(
      'mail_outbox',
      times(3).map((n) => ({
        to_address: `person${n}@example.com`,
        subject: `Subject ${n}`,
        text_body: 'Hello',
        html_body: '<p>Hello</p>',
        kind: 'confirmation',
        status: n === 3 ? 'failed' : 'pending',
        attempts: n,
        next_attempt_at: later,
        created_at: at,
      })),
    );
    insert(
      'newsletter_subscriptions',
      times(2).map((n) => ({ reference: `NEW-${n}`, email: `reader${n}@example.com`, created_at: at })),
    );
    insert(
      'job_applications',
      times(2).map((n) => ({
        ...person(n),
        reference: `JOB-${n}`,
        job_title: 'Nurse',
        resume_link: `https://example.com/cv-${n}.pdf`,
        created_at: at,
      })),
    );
    insert(
      'service_orders',
      times(3).map((n) => ({ ...person(n), reference: `SRV-${n}`, service_category: 'Home care', created_at: at })),
    );
    insert(
      'appointments',
      times(4).map((n) => ({
        ...person(n),
        reference: `APT-${n}`,
        phone: '0803 123 4567',
        phone_e164: '+2348031234567',
        preferred_date: '2030-01-02',
        service_type: 'General Check-up',
        created_at: at,
      })),
    );
    insert(
      'trip_plans',
      times(2).map((n) => ({
        ...person(n),
        reference: `TRP-${n}`,
        destination: 'Abuja',
        number_of_travelers: n,
        created_at: at,
      })),
    );
    insert('requests', [
      ...times(4).map((n) => ({
        ...person(n),
        reference: `APT-${n}`,
        type: 'appointment',
        submission_id: n,
        subject: 'General Check-up',
        status: n === 4 ? 'cancelled' : 'new',
        owner_id: n === 2 ? 2 : null,
        created_at: at,
        updated_at: at,
      })),
      {
        ...person(1),
        reference: 'SRV-1',
        type: 'service_order',
        submission_id: 1,
        subject: 'Home care',
        created_at: at,
        updated_at: at,
      },
    ]);
    insert(
      'request_events',
      times(7).map((n) => ({
        request_id: ((n - 1) % 5) + 1,
        actor_user_id: n > 5 ? 2 : null,
        actor_kind: n > 5 ? 'staff' : 'system',
        kind: n > 5 ? 'note' : 'created',
        body: n > 5 ? `Note ${n}` : null,
        created_at: at,
      })),
    );
    insert(
      'request_calls',
      times(2).map((n) => ({
        request_id: n,
        actor_user_id: 2,
        outcome: n === 1 ? 'no_answer' : 'reached',
        next_try_for: n === 1 ? '2026-11-27T14:00' : null,
        created_at: at,
      })),
    );
    insert(
      'chat_conversations',
      times(3).map((n) => ({
        visitor_key: `v:${n}`,
        user_id: n === 1 ? 3 : null,
        assigned_agent_id: n === 2 ? 2 : null,
        last_activity_at: at,
        created_at: at,
        status: n === 3 ? 'resolved' : 'open',
        urgent_at: n === 1 ? at : null,
        contact_phone: n === 2 ? '+2348031234567' : null,
      })),
    );
    insert(
      'chat_messages',
      times(6).map((n) => ({
        conversation_id: ((n - 1) % 3) + 1,
        message: `Message ${n}`,
        sender: n % 2 ? 'user' : 'agent',
        client_id: `client-${n}`,
        agent_id: n % 2 ? null : 2,
        created_at: at,
      })),
    );
    insert(
      'chat_pending_replies',
      times(2).map((n) => ({ conversation_id: n, due_at: at })),
    );
    insert(
      'chat_pending_followups',
      times(2).map((n) => ({ conversation_id: n, due_at: at })),
    );
    insert(
      'chat_agent_reads',
      times(2).map((n) => ({ conversation_id: n, agent_id: 2, message_id: n })),
    );
    insert(
      'chat_ratings',
      times(3).map((n) => ({
        conversation_id: 3,
        rating: n + 2,
        comment: n === 1 ? 'Thank you' : null,
        created_at: at,
      })),
    );
    insert(
      'chat_notes',
      times(2).map((n) => ({ conversation_id: n, agent_id: 2, body: `Note ${n}`, created_at: at })),
    );
    // A stored file (its bytes) and a refused one (its reason): migrations/0096, ADR 0050.
    insert('chat_attachments', [
      {
        ...attachment(1),
        mime_type: 'image/png',
        byte_size: 4,
        sha256: 'ab',
        bytes: Buffer.from([0x89, 0x50, 0, 0xff]),
      },
      { ...attachment(2), mime_type: 'video/mp4', refusal: 'too large (18 MB, limit 16 MB)' },
    ]);
    db.prepare(`delete from chat_canned_replies where id = 6`).run();
    db.prepare(`update chat_canned_replies set title = 'Edited title' where id = 1`).run();
    insert(
      'audit_events',
      times(4).map((n) => ({ type: 'login.failure', masked_email: `p***${n}@example.com`, created_at: at })),
    );
    insert('login_lockouts', [
      { subject: 'account:person3@example.com', scope: 'account', locked_until: later, locked_at: at },
      { subject: 'ip:203.0.113.9', scope: 'ip', locked_until: later, locked_at: at },
    ]);
    insert(
      'outbound_messages',
      times(3).map((n) => ({
        recipient: `+23480312345${60 + n}`,
        channel: n === 3 ? 'whatsapp' : 'sms',
        template: 'request_received',
        language: 'en',
        params: '{}',
        text_body: `Text ${n}`,
        encoding: 'GSM-7',
        segments: 1,
        status: n === 1 ? 'queued' : 'delivered',
        attempts: n - 1,
        next_attempt_at: later,
        provider: n === 1 ? null : 'termii',
        provider_id: n === 1 ? null : `termii-${n}`,
        fallback: '',
        request_id: n === 2 ? 1 : null,
        conversation_id: n === 3 ? 1 : null,
        created_at: at,
        status_at: at,
      })),
    );
    insert(
      'message_consents',
      times(4).map((n) => ({
        phone_e164: `+23480312345${60 + n}`,
        channel: n % 2 ? 'sms' : 'whatsapp',
        action: n === 4 ? 'withdrawn' : 'granted',
        wording_version: n === 4 ? null : '2026-11-27',
        source: 'appointment form',
        user_id: null,
        request_id: n === 1 ? 1 : null,
        created_at: at,
      })),
    );
    insert(
      'messaging_webhook_events',
      times(2).map((n) => ({ provider: 'termii', event_id: `event-${n}`, received_at: at })),
    );
    insert('messaging_early_receipts', [
      { provider: 'whatsapp', provider_id: 'wamid.early', status: 'sent', at, error: null, received_at: at },
    ]);
    // Booking: epoch-ms times past 2^31, as real ones are (bigint on PostgreSQL).
    const nine = Date.parse('2030-01-07T08:00:00Z');
    const cell = 15 * 60_000;
    insert(
      'clinicians',
      times(3).map((n) => ({ name: `Dr Clinician ${n}`, active: n === 3 ? 0 : 1, created_at: at })),
    );
    insert('clinician_services', [
      { clinician_id: 1, service: 'General Check-up', slot_minutes: 30 },
      { clinician_id: 1, service: 'Virtual Consultation', slot_minutes: 15 },
      { clinician_id: 2, service: 'General Check-up', slot_minutes: 45 },
      { clinician_id: 3, service: 'Mental Health Support', slot_minutes: 60 },
    ]);
    insert(
      'clinician_hours',
      times(6).map((n) => ({
        clinician_id: n <= 3 ? 1 : 2,
        service: 'General Check-up',
        weekday: n,
        start_minute: 540,
        end_minute: 1020,
      })),
    );
    insert(
      'clinician_blocks',
      times(2).map((n) => ({
        clinician_id: n,
        starts_at: nine + n * 86_400_000,
        ends_at: nine + n * 86_400_000 + 4 * cell,
        reason: 'Leave',
        created_at: at,
      })),
    );
    insert(
      'clinic_closures',
      times(3).map((n) => ({ date: `2030-01-1${n}`, reason: 'Staff training', created_at: at })),
    );
    insert(
      'bookings',
      times(3).map((n) => ({
        request_id: n,
        clinician_id: n === 2 ? 2 : 1,
        service: 'General Check-up',
        starts_at: nine + (n - 1) * 2 * cell,
        ends_at: nine + (n - 1) * 2 * cell + (n === 3 ? cell : 2 * cell),
        status: 'booked',
        calendar_uid: `APT-${n}-uid@example.com`,
        video_room: n === 1 ? 'room-1' : null,
        manage_token_hash: `hash-${n}`,
        wants_earlier: n === 2 ? 1 : 0,
        booked_by: n === 3 ? 'staff' : 'patient',
        created_at: at,
        updated_at: at,
      })),
    );
    insert('booking_cells', [
      { clinician_id: 1, cell_at: nine, booking_id: 1 },
      { clinician_id: 1, cell_at: nine + cell, booking_id: 1 },
      { clinician_id: 2, cell_at: nine + 2 * cell, booking_id: 2 },
      { clinician_id: 2, cell_at: nine + 3 * cell, booking_id: 2 },
      { clinician_id: 1, cell_at: nine + 4 * cell, booking_id: 3 },
    ]);
    insert(
      'booking_reminders',
      times(4).map((n) => ({
        booking_id: n <= 2 ? 1 : 2,
        kind: n % 2 ? '24h' : '2h',
        starts_at: nine,
        due_at: nine - (n % 2 ? 24 : 2) * 3_600_000,
        status: n === 1 ? 'sent' : 'pending',
        created_at: at,
      })),
    );
    insert(
      'waitlist_offers',
      times(2).map((n) => ({
        booking_id: 2,
        clinician_id: 1,
        starts_at: nine + 8 * cell * n,
        token_hash: `offer-hash-${n}`,
        status: n === 1 ? 'gone' : 'open',
        created_at: at,
      })),
    );
    insert(
      'staff_alert_settings',
      times(2).map((n) => ({
        user_id: n,
        new_chat: 1,
        visitor_message: n === 1 ? 1 : 0,
        urgent: 1,
        new_request: 0,
        updated_at: at,
      })),
    );
    insert('chat_hand_backs', [{ agent_id: 2, conversation_id: 1, handed_back_at: at }]);
  })();
  db.close();
}

/** The app's tables in the SQLite file: SQLite's own, Kysely's bookkeeping and the FTS5 search tables aside. */
function sqliteTables(file: string) {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare(`select name from sqlite_master where type = 'table' order by name`).all() as { name: string }[])
      .map(({ name }) => name)
      .filter((name) => !/^(sqlite_|kysely_)|^requests_search|^chat_messages_search/.test(name));
  } finally {
    db.close();
  }
}

function sqliteCountsAndKeys(file: string, tables: string[]) {
  const db = new SQLite(file, { readonly: true });
  try {
    return Object.fromEntries(
      tables.map((table) => {
        const keys = (db.prepare(`select * from "${table}"`).all() as Record<string, unknown>[]).map(rowKey).sort();
        return [table, { count: keys.length, keys }];
      }),
    );
  } finally {
    db.close();
  }
}

/** A row's identity: its id, or its primary key's columns for the tables without one. */
const rowKey = (row: Record<string, unknown>) =>
  'id' in row
    ? String(row.id)
    : 'key' in row
      ? String(row.key)
      : 'subject' in row
        ? String(row.subject)
        : 'event_id' in row
          ? `${String(row.provider)}/${String(row.event_id)}`
          : 'cell_at' in row
            ? `${String(row.clinician_id)}/${String(row.cell_at)}`
            : 'slot_minutes' in row
              ? `${String(row.clinician_id)}/${String(row.service)}`
              : 'date' in row
                ? String(row.date)
                : `${String(row.conversation_id)}/${String(row.agent_id)}`;

const copy = (database: ProcessDatabase) =>
  promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/tools/db-copy.ts', '--from', sqliteFile, '--to', database.env.DATABASE_URL!],
    { cwd: root, env: { ...process.env, DATABASE_URL: '' } },
  );

describe('npm run db:copy, every table', () => {
  it('copies every row of every table the SQLite file has, as counted by the test on both sides', async () => {
    const { db } = openDatabase(sqliteFile);
    await migrateToLatest(db);
    await db.destroy();
    seedEveryTable(sqliteFile);

    const tables = sqliteTables(sqliteFile);
    // Every table of the schema is seeded here: a new migration's table fails this line until it is.
    expect(tables).toEqual(Object.keys(seeded).sort());
    const source = sqliteCountsAndKeys(sqliteFile, tables);
    expect(Object.fromEntries(tables.map((table) => [table, source[table]!.count]))).toEqual(seeded);

    const database = await createProcessDatabase(dataDir);
    databases.push(database);
    await copy(database);

    const target = database.open();
    try {
      const targetTables = (
        await sql<{ table_name: string }>`
          select table_name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(target)
      ).rows
        .map((row) => row.table_name)
        .filter((name) => !name.startsWith('kysely_'))
        .sort();
      expect(targetTables).toEqual(tables);
      for (const table of tables) {
        const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(target)).rows;
        expect({ table, count: rows.length, keys: rows.map(rowKey).sort() }).toEqual({ table, ...source[table] });
      }
      const edited = await sql<{ title: string }>`select title from chat_canned_replies where id = 1`.execute(target);
      expect(edited.rows).toEqual([{ title: 'Edited title' }]);
      // A blob arrives as the same bytes in bytea.
      const file = await sql<{ bytes: Buffer }>`select bytes from chat_attachments where id = 1`.execute(target);
      expect(file.rows[0]!.bytes.equals(Buffer.from([0x89, 0x50, 0, 0xff]))).toBe(true);
    } finally {
      await target.destroy();
    }
  }, 120_000);
});
