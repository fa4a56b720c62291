/**
 * The retention schedule (issue #13) with faked timers: the first run a minute after start, then every 24 hours from
 * that run, each audited; a failed run is logged and tried again the next day (issue #25.6).
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '../../../server/audit/audit-log';
import type { AppDatabase } from '../../../server/db/database';
import type { Env } from '../../../server/env';
import { startRetentionSchedule } from '../../../server/retention/retention-schedule';
import { createTestDb } from '../../helpers/test-db';
import { waitFor } from '../../helpers/wait-for';

const START = Date.parse('2026-08-03T06:00:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let db: AppDatabase;
let audited: AuditEvent[];
let errors: { message: string; fields: unknown }[];
let schedule: ReturnType<typeof startRetentionSchedule>;

beforeEach(async () => {
  db = await createTestDb();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], now: START });
  audited = [];
  errors = [];
  schedule = startRetentionSchedule({
    db,
    env: { REQUEST_RETENTION_MONTHS: 24 } as Env,
    logger: {
      info: () => undefined,
      warn: () => undefined,
      error: (message, fields) => errors.push({ message, fields }),
    },
    audit: {
      record: (event) => {
        audited.push(event);
        return Promise.resolve();
      },
    },
  });
});
afterEach(async () => {
  await schedule.stop();
  vi.useRealTimers();
  await db.destroy();
});

/**
 * Moves the clock on by `ms`, firing what falls due, then waits (on the real clock) until `outcomes` runs have ended
 * in all: each ends in an audit entry or a logged error.
 */
async function runsAt(ms: number, outcomes: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await waitFor(() => audited.length + errors.length >= outcomes, 15_000, `${outcomes} finished runs`);
}

describe('startRetentionSchedule', () => {
  it('runs first a minute after start, then every 24 hours from that run, auditing each run', async () => {
    await runsAt(MINUTE - 1, 0);
    expect(audited).toEqual([]);
    await runsAt(1, 1);
    expect(audited).toEqual([
      { type: 'retention.run', subject: 'retention', detail: { chatMessages: 0, chatConversations: 0, requests: 0 } },
    ]);
    // The day counts from the first run, not from start.
    await runsAt(DAY - 1, 1);
    expect(audited).toHaveLength(1);
    await runsAt(1, 2);
    expect(audited).toHaveLength(2);
    await runsAt(DAY, 3);
    expect(audited).toHaveLength(3);
    expect(errors).toEqual([]);
  });

  it('logs a failed run and tries again the next day', async () => {
    // The run cannot read chat_messages: it fails, without an audit entry.
    await sql`alter table chat_messages rename to chat_messages_away`.execute(db);
    await runsAt(MINUTE, 1);
    expect(audited).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toBe('retention run failed, will try again tomorrow');
    await sql`alter table chat_messages_away rename to chat_messages`.execute(db);
    await runsAt(DAY - 1, 1);
    expect(audited).toEqual([]);
    await runsAt(1, 2);
    expect(audited.map((event) => event.type)).toEqual(['retention.run']);
    expect(errors).toHaveLength(1);
  });
});
