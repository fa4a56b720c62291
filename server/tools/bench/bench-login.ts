/**
 * `npm run bench:login [-- --clients 20 --seconds 15 --burst 600]`
 *
 * Issue #11: password hashing must not starve the site. Starts the production build
 * (server/index.ts, NODE_ENV=production, a fresh DATA_DIR) on a free port and measures page GETs
 * (/, /about, a service page, in turn):
 *   1. alone (baseline);
 *   2. while `clients` visitors log in one after another for `seconds` (argon2id on every call);
 *   3. while a burst of `burst` log-ins arrives at once (what the 600-call batch did).
 * Prints p50/p95/max of the pages and of the log-ins, the answers' status codes, and the server's
 * thread pool size, hashing concurrency and queue bound. It asserts nothing about timings.
 */
import { benchServerEnv, freePort, waitUntilUp } from './bench-process';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { DEFAULT_HASH_QUEUE, hashConcurrencyFor } from '../../auth/password-hasher';
import { loadEnv } from '../../env';
import { hashPassword } from '../../auth/password';
import { distDir, hasSiteBuild } from '../../site/load-site-build';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '15' },
    burst: { type: 'string', default: '600' },
  },
});
const CLIENTS = Number(values.clients);
const SECONDS = Number(values.seconds);
const BURST = Number(values.burst);
const PAGES = ['/', '/about', '/services'];
const emailOf = (client: number) => `bench.login${client}@example.ng`;
const PASSWORD = 'Bench-login-pepper-42';
const root = path.resolve(import.meta.dirname, '../../..');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
};
const summary = (values: number[]) =>
  `n=${values.length} p50=${percentile(values, 50).toFixed(1)} ms p95=${percentile(values, 95).toFixed(1)} ms max=${percentile(values, 100).toFixed(1)} ms`;
const countBy = (values: number[]) =>
  JSON.stringify(
    Object.fromEntries([...new Set(values)].sort().map((value) => [value, values.filter((v) => v === value).length])),
  );

async function timed(url: string, init?: RequestInit): Promise<{ ms: number; status: number; retryAfter: number }> {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return {
    ms: performance.now() - started,
    status: response.status,
    retryAfter: Number(response.headers.get('retry-after') ?? 0),
  };
}

/** Fetches pages one after another until `until()` says stop; returns each page's latency. */
async function probePages(origin: string, until: () => boolean, minimum = 0) {
  const latencies: number[] = [];
  for (let index = 0; !until() || latencies.length < minimum; index++) {
    latencies.push((await timed(`${origin}${PAGES[index % PAGES.length]}`)).ms);
    await sleep(20);
  }
  return latencies;
}

const logIn = (origin: string, ip: string, email: string, password: string) =>
  timed(`${origin}/trpc/auth.logIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password }),
  });

async function main() {
  if (!hasSiteBuild()) throw new Error(`No production build in ${distDir}: run \`npm run build\` first.`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-bench-login-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/index.ts')], {
    cwd: root,
    env: benchServerEnv({ port, dataDir, logLevel: 'error', extra: { DIST_DIR: distDir, TRUST_PROXY: '1' } }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stopped = new Promise<void>((resolve) => server.once('exit', () => resolve()));

  try {
    await waitUntilUp(origin, server);
    // One account per client, as real visitors have.
    const db = new SQLite(path.join(dataDir, 'app.db'));
    const now = new Date().toISOString();
    const passwordHash = await hashPassword(PASSWORD);
    const insert = db.prepare(
      'insert into users (email, full_name, password_hash, role, email_confirmed_at, created_at) values (?, ?, ?, ?, ?, ?)',
    );
    for (let client = 0; client < CLIENTS; client++)
      insert.run(emailOf(client), 'Bench Login', passwordHash, 'patient', now, now);
    db.close();

    // The server inherits this environment, so it sizes its queue from the same value.
    const poolSize = loadEnv().UV_THREADPOOL_SIZE;
    const pagesInMemory = fs
      .readdirSync(path.join(distDir, 'prerendered'), { recursive: true })
      .filter((name) => String(name).endsWith('.html')).length;
    console.log(
      `server: UV_THREADPOOL_SIZE=${poolSize}, hashing concurrency ${hashConcurrencyFor(poolSize)}, queue bound ${DEFAULT_HASH_QUEUE}, ${pagesInMemory} prerendered pages held in memory; ${os.cpus().length} CPUs`,
    );

    // Warm-up, then the pages alone.
    await probePages(origin, () => true, 30);
    let stop = false;
    const timer = setTimeout(() => (stop = true), 3000);
    const baseline = await probePages(origin, () => stop);
    clearTimeout(timer);
    console.log(`pages alone:                         ${summary(baseline)}`);

    // Sustained log-ins: each client logs in again as soon as its last answer came.
    stop = false;
    const loginLatencies: number[] = [];
    const loginStatuses: number[] = [];
    const end = Date.now() + SECONDS * 1000;
    const loginsDone = Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        while (Date.now() < end) {
          const { ms, status, retryAfter } = await logIn(origin, `10.20.0.${client + 1}`, emailOf(client), PASSWORD);
          loginLatencies.push(ms);
          loginStatuses.push(status);
          // As a browser would: a 503 asks the visitor to try again after Retry-After.
          if (status === 503) await sleep(retryAfter * 1000);
        }
      }),
    ).then(() => (stop = true));
    const underLoad = await probePages(origin, () => stop);
    await loginsDone;
    console.log(`pages during ${CLIENTS} log-in loops, ${SECONDS} s:  ${summary(underLoad)}`);
    console.log(
      `log-ins:                             ${summary(loginLatencies)} statuses ${countBy(loginStatuses)} (${(loginLatencies.length / SECONDS).toFixed(1)}/s)`,
    );

    // A burst: every call at once (unknown addresses from many networks, so no limit stops them first).
    stop = false;
    const burstStatuses: number[] = [];
    const burstLatencies: number[] = [];
    const burstDone = Promise.all(
      Array.from({ length: BURST }, async (_, index) => {
        const { ms, status } = await logIn(
          origin,
          `10.30.${Math.floor(index / 250)}.${index % 250}`,
          `nobody${index}@example.ng`,
          'wrong-password-1',
        );
        burstLatencies.push(ms);
        burstStatuses.push(status);
      }),
    ).then(() => (stop = true));
    const duringBurst = await probePages(origin, () => stop, 10);
    await burstDone;
    console.log(`pages during a burst of ${BURST} log-ins:    ${summary(duringBurst)}`);
    console.log(`burst log-ins:                       ${summary(burstLatencies)} statuses ${countBy(burstStatuses)}`);
  } finally {
    server.kill('SIGTERM');
    await stopped;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
