import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';

const root = path.resolve(import.meta.dirname, '../../..');

describe('npm run retention', () => {
  it('--dry-run prints what would go and changes nothing; without it, the same goes', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-retention-'));
    try {
      const { db } = openDatabase(path.join(dataDir, 'app.db'));
      await migrateToLatest(db);
      const old = '2020-01-01T00:00:00.000Z';
      const { id } = await db
        .insertInto('chat_conversations')
        .values({
          visitor_key: 'v:x',
          user_id: null,
          assigned_agent_id: null,
          current_page: null,
          last_activity_at: old,
          created_at: old,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('chat_messages')
        .values({
          conversation_id: id,
          message: 'hello',
          sender: 'user',
          client_id: null,
          agent_id: null,
          created_at: old,
        })
        .execute();
      await db
        .insertInto('requests')
        .values({
          reference: 'APT-OLD22',
          type: 'appointment',
          submission_id: 999,
          full_name: 'Old Patient',
          email: 'old@example.ng',
          phone: null,
          subject: 'General Check-up',
          requested_date: null,
          status: 'done',
          owner_id: null,
          confirmed_for: null,
          patient_message: null,
          cancel_reason: null,
          created_at: old,
          updated_at: old,
          closed_at: old,
          anonymised_at: null,
        })
        .execute();
      await db.destroy();
      const run = (...args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'server/tools/retention-cli.ts', ...args], {
          cwd: root,
          env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
          encoding: 'utf8',
        });

      const dry = run('--dry-run');
      expect(dry.status).toBe(0);
      expect(dry.stdout).toContain('Dry run: nothing was changed.');
      expect(dry.stdout).toMatch(/: 1 would be deleted\./);
      expect(dry.stdout).toContain('1 would be anonymised:\n  APT-OLD22');
      const check = openDatabase(path.join(dataDir, 'app.db')).db;
      expect(await check.selectFrom('chat_messages').select('id').execute()).toHaveLength(1);
      await check.destroy();

      const real = run();
      expect(real.status).toBe(0);
      expect(real.stdout).toContain('1 were anonymised:\n  APT-OLD22');
      const after = openDatabase(path.join(dataDir, 'app.db')).db;
      expect(await after.selectFrom('chat_messages').select('id').execute()).toHaveLength(0);
      expect((await after.selectFrom('requests').select('full_name').executeTakeFirstOrThrow()).full_name).toBe(
        'Removed',
      );
      await after.destroy();

      expect(run('--nonsense').status).toBe(64);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
