/** `npm run booking:demo` (issue #28): three clinicians with weekday hours in the configured database, once. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openAppDatabase } from '../../../server/db/app-database';
import { loadEnv } from '../../../server/env';

const root = path.resolve(import.meta.dirname, '../../..');

const runDemo = (dataDir: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/tools/booking-demo.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir },
    encoding: 'utf8',
  });

describe('npm run booking:demo', () => {
  it('adds three clinicians with their services and hours, and adds nothing the second time', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-demo-'));
    try {
      const first = runDemo(dataDir);
      expect(first.stderr).toBe('');
      expect(first.status).toBe(0);
      expect(first.stdout).toContain('Added Dr Amaka Obi, Dr Tunde Bakare, Dr Ngozi Eze');
      const second = runDemo(dataDir);
      expect(second.status).toBe(0);
      expect(second.stdout).toBe('The demo clinicians are already there: nothing added.\n');
      const { db } = openAppDatabase(loadEnv({ DATA_DIR: dataDir }));
      try {
        expect(await db.selectFrom('clinicians').select(['name', 'active']).orderBy('id').execute()).toEqual([
          { name: 'Dr Amaka Obi', active: 1 },
          { name: 'Dr Tunde Bakare', active: 1 },
          { name: 'Dr Ngozi Eze', active: 1 },
        ]);
        expect(
          await db
            .selectFrom('clinician_services')
            .select(['service', 'slot_minutes'])
            .orderBy('clinician_id')
            .orderBy('service')
            .execute(),
        ).toEqual([
          { service: 'General Check-up', slot_minutes: 30 },
          { service: 'Virtual Consultation', slot_minutes: 15 },
          { service: 'Specialist Consultation', slot_minutes: 60 },
          { service: 'Mental Health Support', slot_minutes: 45 },
          { service: 'Virtual Consultation', slot_minutes: 30 },
        ]);
        const hours = await db.selectFrom('clinician_hours').select('id').execute();
        expect(hours).toHaveLength(5 + 5 + 5 + 3 + 2);
      } finally {
        await db.destroy();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
