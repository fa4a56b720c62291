import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../../server/data/audit-events';
import { openDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';

const root = path.resolve(import.meta.dirname, '../../..');

describe('npm run audit', () => {
  it('prints the audit log oldest first, honours --since and --type, and refuses a bad date with a clear message', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-audit-'));
    try {
      const { db } = openDatabase(path.join(dataDir, 'app.db'));
      await migrateToLatest(db);
      const event = { actorUserId: null, ip: '203.0.113.9', subject: null, detail: null };
      await auditEvents.insert(db, {
        ...event,
        type: 'login.failure',
        maskedEmail: 'a***@example.ng',
        createdAt: '2026-01-05T10:00:00.000Z',
        detail: '{"reason":"password"}',
      });
      await auditEvents.insert(db, {
        ...event,
        type: 'login.success',
        maskedEmail: 'a***@example.ng',
        actorUserId: 7,
        createdAt: '2026-02-01T08:30:00.000Z',
      });
      await auditEvents.insert(db, {
        ...event,
        type: 'logout',
        maskedEmail: null,
        actorUserId: 7,
        subject: 'evil\nline',
        createdAt: '2026-02-02T09:00:00.000Z',
      });
      await db.destroy();

      const run = (...args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'server/tools/audit-cli.ts', ...args], {
          cwd: root,
          env: { ...process.env, DATA_DIR: dataDir },
          encoding: 'utf8',
        });

      const all = run();
      expect(all.status).toBe(0);
      const lines = all.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^id\s+time \(UTC\)\s+type\s+actor\s+email\s+ip\s+subject\s+detail$/);
      expect(lines).toHaveLength(4);
      expect(lines[1]).toMatch(
        /^1\s+2026-01-05T10:00:00.000Z\s+login.failure\s+-\s+a\*\*\*@example.ng\s+203.0.113.9\s+-\s+\{"reason":"password"\}$/,
      );
      expect(lines[3]).toContain('evil\\x0aline'); // a stored line break cannot forge a row
      expect(all.stderr).toContain('3 event(s)');

      const since = run('--since', '2026-02-01');
      expect(
        since.stdout
          .trimEnd()
          .split('\n')
          .slice(1)
          .map((line) => line.split(/\s+/)[2]),
      ).toEqual(['login.success', 'logout']);
      const typed = run('--type', 'logout');
      expect(typed.stdout.trimEnd().split('\n')).toHaveLength(2);

      for (const bad of ['yesterday', '2026-02-30', '2026-2-1']) {
        const refused = run('--since', bad);
        expect(refused.status).toBe(64);
        expect(refused.stderr).toContain('--since needs a real date written YYYY-MM-DD');
        expect(refused.stdout).toBe('');
      }
      expect(run('--until', '2026-01-01').status).toBe(64);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
