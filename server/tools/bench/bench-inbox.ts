/**
 * `npm run bench:inbox [-- --rows 100000 --runs 200]`
 *
 * Issue #13: the staff inbox must list, filter and search 100,000 requests in ≤ 50 ms (p95). Seeds a fresh SQLite
 * file (WAL, as in production) with `rows` requests spread over two years (four types, five statuses, a few owners,
 * Nigerian names, e-mails and phone numbers), then asks the real app over HTTP, as a signed-in staff member, for one
 * inbox page (50 rows) per case, `runs` times each after a warm-up. Prints p50/p95/max per case. Asserts nothing
 * about timings.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../../app';
import { createServices } from '../../services';
import { createSession, generateSessionToken } from '../../auth/session';
import { users } from '../../data/users';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { loadEnv } from '../../env';
import { createLogger } from '../../logger';
import { phoneE164 } from '../../../shared/phone';
import type { InboxFilter } from '../../../shared/requests';
import { REQUEST_STATUSES, REQUEST_TYPES } from '../../../shared/requests';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '100000' }, runs: { type: 'string', default: '200' } },
});
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
const TARGET_P95_MS = 50;

const FIRST = [
  'Ngozi',
  'Adaeze',
  'Tunde',
  'Bola',
  'Chinedu',
  'Funmi',
  'Emeka',
  'Yetunde',
  'Ifeanyi',
  'Kemi',
  'Segun',
  'Amaka',
];
const LAST = ['Okafor', 'Adebayo', 'Eze', 'Bakare', 'Obi', 'Adewale', 'Nwosu', 'Balogun', 'Okonkwo', 'Ogunleye'];
const SUBJECTS = [
  'General Check-up',
  'Home Care',
  'Chennai, India',
  'Data Analyst',
  'Virtual Consultation',
  'Premium Package',
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-bench-inbox-'));
  const { db, sqlite } = openDatabase(path.join(dir, 'app.db'));
  try {
    await migrateToLatest(db);
    const owners: number[] = [];
    for (let n = 0; n < 5; n++)
      owners.push(
        (
          await users.create(db, {
            email: `owner${n}@example.ng`,
            fullName: `Owner ${n}`,
            passwordHash: 'x',
            role: 'agent',
            confirmed: true,
          })
        ).id,
      );
    const me = owners[0]!;

    const seedStarted = performance.now();
    const insert = sqlite.prepare(
      `insert into requests (reference, type, submission_id, full_name, email, phone, phone_e164, subject, requested_date, status, owner_id, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const start = Date.now() - 2 * 365 * 86_400_000;
    const seed = sqlite.transaction((from: number, to: number) => {
      for (let n = from; n < to; n++) {
        const name = `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]} ${n}`;
        const created = new Date(start + Math.floor((n / ROWS) * 2 * 365 * 86_400_000)).toISOString();
        const phone = `+234 80${n % 10} ${String(n).padStart(7, '0').slice(0, 3)} ${String(n).padStart(7, '0').slice(3)}`;
        insert.run(
          `APT-${n.toString(36).toUpperCase().padStart(5, '0')}`,
          REQUEST_TYPES[n % REQUEST_TYPES.length],
          n + 1,
          name,
          `patient${n}@example.ng`,
          phone,
          phoneE164(phone),
          SUBJECTS[n % SUBJECTS.length],
          n % 3 ? created.slice(0, 10) : null,
          REQUEST_STATUSES[Math.floor(n / 7) % REQUEST_STATUSES.length],
          n % 4 ? owners[n % owners.length] : null,
          created,
          created,
        );
      }
    });
    for (let from = 0; from < ROWS; from += 10_000) seed(from, Math.min(ROWS, from + 10_000));
    sqlite.pragma('optimize');
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const token = generateSessionToken();
    await createSession(db, token, me, 'agent');
    const env = loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dir });
    const app = createApp(createServices(env, db, createLogger('silent')), { version: 'bench' });
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const cookie = `session=${token}`;

    const ask = async (input: InboxFilter & { cursor?: number }) => {
      const started = performance.now();
      const response = await fetch(`${origin}/trpc/staff.inbox?input=${encodeURIComponent(JSON.stringify(input))}`, {
        headers: { cookie },
      });
      const body = (await response.json()) as { result?: { data: { rows: unknown[]; nextCursor: number | null } } };
      if (response.status !== 200 || !body.result) throw new Error(`inbox answered ${response.status}`);
      return { ms: performance.now() - started, rows: body.result.data.rows.length, next: body.result.data.nextCursor };
    };

    const deepCursor = Math.floor(ROWS / 2);
    const cases: [label: string, input: InboxFilter & { cursor?: number }][] = [
      ['first page, no filter', {}],
      ['filter: status New + type Appointment', { status: 'new', type: 'appointment' }],
      ['filter: owner = me', { owner: 'me' }],
      ['filter: unassigned + In progress', { owner: 'none', status: 'in_progress' }],
      ['filter: date range (one month)', { from: '2025-06-01', to: '2025-06-30' }],
      ['search: name', { search: 'Yetunde Balogun' }],
      ['search: e-mail fragment', { search: 'patient4242@' }],
      ['search: phone digits with spaces', { search: '0004 242' }],
      ['search: whole phone number, local form (E.164)', { search: '0801 000 4241' }],
      ['search: reference', { search: `APT-${(4242).toString(36).toUpperCase().padStart(5, '0')}` }],
      ['search + filter: name, status New', { search: 'Kemi', status: 'new' }],
      [`keyset page deep in the list (cursor ${deepCursor})`, { cursor: deepCursor }],
    ];

    const results: string[] = [];
    for (const [label, input] of cases) {
      for (let warm = 0; warm < 20; warm++) await ask(input);
      const times: number[] = [];
      let rows = 0;
      for (let run = 0; run < RUNS; run++) {
        const answer = await ask(input);
        times.push(answer.ms);
        rows = answer.rows;
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      results.push(
        `| ${label} | ${rows} | ${percentile(times, 50).toFixed(1)} | ${p95.toFixed(1)} | ${times.at(-1)!.toFixed(1)} | ${p95 <= TARGET_P95_MS ? 'yes' : 'NO'} |`,
      );
    }
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));

    const lines = [
      `bench:inbox — ${ROWS.toLocaleString('en-GB')} requests seeded in ${seedSeconds.toFixed(1)} s; ${RUNS} runs per case over HTTP (tRPC staff.inbox, 50 rows a page), Node ${process.version}, ${os.cpus().length} CPUs`,
      '',
      `| case | rows on the page | p50 ms | p95 ms | max ms | p95 ≤ ${TARGET_P95_MS} ms |`,
      '| --- | --- | --- | --- | --- | --- |',
      ...results,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
