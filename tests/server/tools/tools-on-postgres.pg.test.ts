/**
 * The staff tools on a PostgreSQL deployment (issue #16): with DATABASE_URL set, `export`, `audit`, `retention` and
 * `db:migrate` read and change PostgreSQL, not a SQLite file in DATA_DIR.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAppointment } from '../../../server/data/submissions';
import { createWriteBatcher } from '../../../server/db/write-batcher';
import { createProcessDatabase, type ProcessDatabase } from '../../helpers/test-db';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-pg-tools-'));
let database: ProcessDatabase;

beforeAll(async () => {
  database = await createProcessDatabase(dataDir);
});
afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
});

const tool = (file: string, args: string[] = []) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: root,
    env: { ...process.env, ...database.env, LOG_LEVEL: 'silent' },
  });

describe('staff tools with DATABASE_URL', () => {
  it('migrate, export, audit and retention use PostgreSQL', async () => {
    expect((await tool('server/db/migrate-cli.ts')).stdout).toMatch(/Applied \d+ migration/);
    const db = database.open();
    try {
      await insertAppointment(createWriteBatcher(db), {
        fullName: 'Funmi Adeyemi',
        email: 'funmi@example.com',
        phone: '0803 123 4567',
        phoneE164: '+2348031234567',
        preferredDate: '2030-01-02',
        preferredTime: null,
        serviceType: 'General Check-up',
        message: null,
      });
      await db
        .insertInto('audit_events')
        .values({ type: 'login.failure', masked_email: 'f***@example.com', created_at: new Date().toISOString() })
        .execute();
    } finally {
      await db.destroy();
    }
    const csv = (await tool('server/tools/export-csv.ts', ['appointments'])).stdout;
    expect(csv).toContain('Funmi Adeyemi');
    expect(csv).toContain(',"=""0803 123 4567""","=""+2348031234567""",');
    expect((await tool('server/tools/audit-cli.ts')).stdout).toContain('f***@example.com');
    expect((await tool('server/tools/retention-cli.ts', ['--dry-run'])).stdout).toContain('Dry run');
    expect(fs.existsSync(path.join(dataDir, 'app.db'))).toBe(false);
  }, 120_000);
});
