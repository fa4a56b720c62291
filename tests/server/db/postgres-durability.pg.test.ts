/**
 * Durability on PostgreSQL (issue #16): the real server (server/index.ts) runs as its own process on DATABASE_URL (its
 * own schema); each round submits an appointment and kills the server with SIGKILL as soon as the answer arrives. The
 * acknowledged row, and its inbox row, must be there: the answer is sent only after PostgreSQL confirmed the commit.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { killed, startServerProcess } from '../../helpers/server-process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosToday } from '../../../shared/lagos-date';
import { createProcessDatabase, type ProcessDatabase } from '../../helpers/test-db';

const ROUNDS = 5;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-pg-durability-'));
let database: ProcessDatabase;
let child: ChildProcess | null = null;

beforeAll(async () => {
  database = await createProcessDatabase(dataDir);
});

afterAll(async () => {
  child?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
});

const startServer = () => startServerProcess(dataDir, database.env);

describe('on PostgreSQL, an acknowledged submission survives kill -9', () => {
  it(`finds the row and its inbox row after SIGKILL, ${ROUNDS} times out of ${ROUNDS}`, async () => {
    const references: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const server = await startServer();
      child = server.process;
      const response = await fetch(`${server.url}/trpc/forms.submitAppointment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({
          fullName: `Durability Round ${round}`,
          email: 'durable@example.com',
          preferredDate: lagosToday(),
          serviceType: 'General Check-up',
          website: '',
          fillMs: 5000,
        }),
      });
      const body = (await response.json()) as { result: { data: { reference: string } } };
      await killed(server.process);
      child = null;
      expect(response.status).toBe(200);
      references.push(body.result.data.reference);
    }
    const db = database.open();
    try {
      const stored = await db.selectFrom('appointments').select('reference').orderBy('id').execute();
      expect(stored.map((row) => row.reference)).toEqual(references);
      const inbox = await db.selectFrom('requests').select('reference').orderBy('id').execute();
      expect(inbox.map((row) => row.reference)).toEqual(references);
    } finally {
      await db.destroy();
    }
  }, 120_000);
});
