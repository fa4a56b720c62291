/**
 * Durability (issue #4): the success response is sent only after the commit. The
 * real server runs as its own process on its own data folder; each round submits
 * an appointment, kills the server with SIGKILL as soon as the response arrives,
 * restarts it and finds the row. 20 rounds, then PRAGMA integrity_check.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { killed, startServerProcess } from '../helpers/server-process';
import { afterAll, describe, expect, it } from 'vitest';
import { lagosToday } from '../../shared/lagos-date';

const ROUNDS = 20;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-durability-'));
let child: ChildProcess | null = null;

afterAll(() => {
  child?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const startServer = () => startServerProcess(dataDir, { DATA_DIR: dataDir });

function findReference(reference: string): boolean {
  const sqlite = new SQLite(path.join(dataDir, 'app.db'), { readonly: true, fileMustExist: true });
  try {
    return Boolean(sqlite.prepare('select 1 from appointments where reference = ?').get(reference));
  } finally {
    sqlite.close();
  }
}

describe('an acknowledged submission survives kill -9', () => {
  it(`finds the row after SIGKILL and restart, ${ROUNDS} times out of ${ROUNDS}, and the database is intact`, async () => {
    const references: string[] = [];
    let found = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const server = await startServer();
      child = server.process;
      // The previous round's row must be there after the restart.
      if (round > 0 && findReference(references[round - 1]!)) found++;
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
      await killed(server.process); // straight after the response: no graceful shutdown, no checkpoint
      child = null;
      expect(response.status).toBe(200);
      references.push(body.result.data.reference);
    }
    const last = await startServer();
    child = last.process;
    if (findReference(references[ROUNDS - 1]!)) found++;
    await killed(last.process);
    child = null;

    expect(found).toBe(ROUNDS);
    const sqlite = new SQLite(path.join(dataDir, 'app.db'));
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      const rows = sqlite.prepare('select reference from appointments order by id').all() as { reference: string }[];
      expect(rows.map((row) => row.reference)).toEqual(references);
    } finally {
      sqlite.close();
    }
  }, 240_000);
});
