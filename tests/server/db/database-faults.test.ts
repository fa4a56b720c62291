/**
 * Issue #11.4: a locked database and a full disk are answered quickly and honestly.
 * A second process holds the write lock for 8 s while /healthz is polled and forms are
 * sent; then the database is filled with PRAGMA max_page_count.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../server/logger';
import { SERVICE_BUSY_MESSAGE } from '../../../shared/messages/service-messages';
import { count, post, startFormsServer, validInput } from '../trpc/routers/forms-fixtures';

const LOCK_MS = 8000;
const logged: { msg: string; kind?: string; err?: { message: string } }[] = [];
let server: Awaited<ReturnType<typeof startFormsServer>>;

beforeAll(async () => {
  const logger = createLogger('error', (line) => {
    logged.push(JSON.parse(line));
    return true;
  });
  server = await startFormsServer({ RATE_LIMIT_FORMS_PER_MINUTE: '10000' }, logger);
});
afterAll(() => server.close());

/** A second connection (another process) that takes the write lock, holds it for `ms`, then commits. */
function holdWriteLock(file: string, ms: number) {
  const script = `
    const db = new (require('better-sqlite3'))(process.argv[1]);
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n');
    setTimeout(() => { db.exec('COMMIT'); db.close(); }, ${ms});
  `;
  const child = spawn(process.execPath, ['-e', script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`lock holder exited early (${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { locked, exited };
}

const percentile = (entries: { ms: number }[], p: number) => {
  const sorted = entries.map((entry) => entry.ms).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
};

async function timedHealth(baseUrl: string) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/healthz`);
  await response.text();
  return { status: response.status, ms: performance.now() - started };
}

describe('database faults', () => {
  it('keeps /healthz fast and answers forms 200 or 503 (never 500) while another process holds the write lock for 8 s', async () => {
    const before = await count(server.db, 'appointments');
    const baseline: number[] = [];
    for (let index = 0; index < 20; index++) baseline.push((await timedHealth(server.baseUrl)).ms);
    const lock = holdWriteLock(path.join(server.dir, 'app.db'), LOCK_MS);
    await lock.locked;
    let lockReleased = false;
    void lock.exited.then(() => (lockReleased = true));

    const health: { status: number; ms: number }[] = [];
    const forms: { status: number; retryAfter: string | null; message: string | undefined }[] = [];
    const pollHealth = (async () => {
      while (!lockReleased) {
        health.push(await timedHealth(server.baseUrl));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const sendForms = (async () => {
      while (!lockReleased) {
        const response = await post(server.baseUrl, 'submitAppointment', validInput.submitAppointment());
        forms.push({
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          message: response.json?.error?.message,
        });
      }
    })();
    await Promise.all([pollHealth, sendForms]);

    const after = await post(server.baseUrl, 'submitAppointment', validInput.submitAppointment());
    const maxHealthMs = Math.max(...health.map((entry) => entry.ms));
    console.info(
      `healthz without the lock: max ${Math.max(...baseline).toFixed(1)} ms (first call warms up); ` +
        `during the lock: p50 ${percentile(health, 0.5).toFixed(1)} ms, p99 ${percentile(health, 0.99).toFixed(1)} ms, ` +
        `healthz during the 8 s lock: ${health.length} calls, max ${maxHealthMs.toFixed(1)} ms, statuses ${[...new Set(health.map((entry) => entry.status))].join(',')}; ` +
        `form statuses during the lock: ${forms.map((entry) => entry.status).join(',')}; after: ${after.status}`,
    );

    expect(health.every((entry) => entry.status === 200)).toBe(true);
    // The old 5 s busy timeout froze the event loop (7.7 s): a handful of calls in the 8 s. A loop that stays free
    // answers many more; how fast each is (the 100 ms target) is only logged, a loaded machine would fail a bound.
    expect(health.length).toBeGreaterThan(LOCK_MS / 1000);
    expect(forms.every((entry) => entry.status === 200 || entry.status === 503)).toBe(true);
    const refused = forms.filter((entry) => entry.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const entry of refused) {
      expect(Number(entry.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(entry.message).toBe(SERVICE_BUSY_MESSAGE);
    }
    expect(after.status).toBe(200);
    const stored = forms.filter((entry) => entry.status === 200).length + 1;
    expect(await count(server.db, 'appointments')).toBe(before + stored);
    expect(logged.some((line) => line.msg === 'database unavailable' && line.kind === 'busy')).toBe(true);
  }, 30_000);

  it('answers 503 on a full database, stores nothing half-written, logs the real cause, and recovers when space returns', async () => {
    const pages = Number(server.sqlite!.pragma('page_count', { simple: true }));
    server.sqlite!.pragma(`max_page_count = ${pages}`);
    const before = await count(server.db, 'job_applications');
    const statuses: number[] = [];
    logged.length = 0;
    for (let attempt = 0; attempt < 40 && !statuses.includes(503); attempt++) {
      const response = await post(server.baseUrl, 'submitJobApplication', {
        ...validInput.submitJobApplication(),
        coverLetter: 'x'.repeat(4000),
      });
      statuses.push(response.status);
      if (response.status === 503) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(response.json.error.message).toBe(SERVICE_BUSY_MESSAGE);
      }
    }
    console.info(`form statuses while full: ${statuses.join(',')}`);
    expect(statuses).not.toContain(500);
    expect(statuses).toContain(503);
    expect(await count(server.db, 'job_applications')).toBe(
      before + statuses.filter((status) => status === 200).length,
    );
    const cause = logged.find((line) => line.msg === 'database unavailable');
    expect(cause?.kind).toBe('full');
    expect(cause?.err?.message).toMatch(/full/i);
    expect(logged.some((line) => JSON.stringify(line).includes('cannot rollback'))).toBe(false);

    server.sqlite!.pragma('max_page_count = 1073741823');
    expect((await post(server.baseUrl, 'submitJobApplication', validInput.submitJobApplication())).status).toBe(200);
    expect(server.sqlite!.pragma('integrity_check', { simple: true })).toBe('ok');
    const partial = await server.db
      .selectFrom('job_applications')
      .select('id')
      .where((eb) => eb.or([eb('full_name', '=', ''), eb('resume_link', '=', '')]))
      .execute();
    expect(partial).toEqual([]);
  }, 30_000);
});
