/**
 * `npm run db:copy` (issue #16): a SQLite database with accounts, a request, chat and an edited canned reply is copied
 * into a fresh PostgreSQL schema; a second run copies nothing; row counts agree; search and new inserts work on the
 * copy. A target that holds a row the source lacks is reported and fails.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { chat } from '../../../server/data/chat';
import { chatDesk } from '../../../server/data/chat-desk';
import { requests } from '../../../server/data/requests';
import { insertAppointment, insertNewsletterSubscription } from '../../../server/data/submissions';
import { users } from '../../../server/data/users';
import { openDatabase, type AppDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { createWriteBatcher } from '../../../server/db/write-batcher';
import { createProcessDatabase, type ProcessDatabase } from '../../helpers/test-db';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-db-copy-'));
const sqliteFile = path.join(dataDir, 'app.db');
const databases: ProcessDatabase[] = [];

afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  for (const database of databases) await database.drop();
});

/** The source database, made once for the file's tests. */
async function seedSqlite() {
  if (fs.existsSync(sqliteFile)) return;
  const { db } = openDatabase(sqliteFile);
  await migrateToLatest(db);
  const agent = await users.create(db, {
    email: 'Agent@Example.com',
    fullName: 'Ngozi',
    passwordHash: 'x',
    role: 'agent',
  });
  await users.create(db, { email: 'patient@example.com', fullName: 'Ada', passwordHash: 'y' });
  const writes = createWriteBatcher(db);
  await insertAppointment(writes, {
    fullName: 'Chinedu Obi',
    email: 'chinedu@example.com',
    phone: '+234 803 123 4567',
    phoneE164: '+2348031234567',
    preferredDate: '2030-01-02',
    preferredTime: null,
    serviceType: 'General Check-up',
    message: null,
    idempotencyKey: 'copy-test-key-0001',
  });
  await insertNewsletterSubscription(writes, { email: 'reader@example.com' });
  const conversation = await chat.ensureConversation(db, { visitorKey: 'v:copy', userId: null, page: '/' });
  await db.transaction().execute(async (trx) => {
    await chat.insertMessageRow(trx, {
      conversationId: conversation.id,
      sender: 'user',
      message: 'My prescription refill is late',
      clientId: 'copy-1',
      agentId: null,
    });
    await chat.insertMessageRow(trx, {
      conversationId: conversation.id,
      sender: 'agent',
      message: 'Let me check',
      clientId: 'copy-2',
      agentId: agent.id,
    });
  });
  await chat.markRead(db, conversation.id, agent.id, 2);
  await chatDesk.saveCannedReply(db, { id: 1, title: 'Edited title', body: 'Edited body' });
  await chatDesk.deleteCannedReply(db, 6);
  await db.destroy();
}

const run = (database: ProcessDatabase) =>
  promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/tools/db-copy.ts', '--from', sqliteFile, '--to', database.env.DATABASE_URL!],
    { cwd: root, env: { ...process.env, DATABASE_URL: '' } },
  ).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: `${error.stdout}${error.stderr}`,
    }),
  );

const countsOf = async (db: AppDatabase, tables: string[]) =>
  Object.fromEntries(
    await Promise.all(
      tables.map(async (table) => {
        const row = await db
          .selectFrom(table as 'users')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow();
        return [table, Number(row.count)] as const;
      }),
    ),
  );

describe('npm run db:copy', () => {
  it('copies every table with its ids, twice without change, and the copy searches and numbers on', async () => {
    await seedSqlite();
    const database = await createProcessDatabase(dataDir);
    databases.push(database);

    const first = await run(database);
    expect(first.stdout).toContain('every table has the same number of rows');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^requests\s+1\s+1\s+1\s+ok$/m);
    const second = await run(database);
    expect(second.code).toBe(0);
    // Nothing copied the second time: the "copied now" column is 0 on every line.
    for (const line of second.stdout.split('\n').filter((text) => /\s(ok|MISMATCH)$/.test(text)))
      expect(line).toMatch(/\s0\s+ok$/);

    const tables = ['users', 'requests', 'request_events', 'appointments', 'chat_messages', 'chat_canned_replies'];
    const source = openDatabase(sqliteFile).db;
    const target = database.open();
    try {
      expect(await countsOf(target, tables)).toEqual(await countsOf(source, tables));
      expect(await chatDesk.listCannedReplies(target)).toEqual(await chatDesk.listCannedReplies(source));
      expect((await users.findByEmail(target, 'agent@example.com'))?.full_name).toBe('Ngozi');

      for (const search of ['803 123', 'nedu ob', 'APT-']) {
        const found = await requests.list(target, { search }, { viewerId: 1, limit: 10 });
        expect(found.rows.map((row) => row.fullName)).toEqual(['Chinedu Obi']);
        expect(found).toEqual(await requests.list(source, { search }, { viewerId: 1, limit: 10 }));
      }
      const summaries = await chat.listSummaries(target, {
        agentId: 1,
        view: 'open',
        search: 'PRESCRIPTION',
        limit: 10,
      });
      // The list previews the visitor's last words, not the agent's reply after them (issue #29.3).
      expect(summaries.map((summary) => summary.last_message)).toEqual(['My prescription refill is late']);

      // The identity sequences moved past the copied ids.
      const next = await users.create(target, { email: 'new@example.com', fullName: 'New', passwordHash: 'z' });
      expect(next.id).toBe(3);
    } finally {
      await source.destroy();
      await target.destroy();
    }
  }, 120_000);

  it('exits 1 and names the table when the counts differ', async () => {
    await seedSqlite();
    const database = await createProcessDatabase(dataDir);
    databases.push(database);
    expect((await run(database)).code).toBe(0);
    const target = database.open();
    await target
      .insertInto('audit_events')
      .values({ type: 'login.failure', created_at: new Date().toISOString() })
      .execute();
    await target.destroy();
    const again = await run(database);
    expect(again.code).toBe(1);
    expect(again.stdout).toMatch(/^audit_events\s+0\s+1\s+0\s+MISMATCH$/m);
  }, 120_000);
});
