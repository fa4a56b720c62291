/**
 * `npm run bench:forms`
 *
 * Starts the production build (server/index.ts, NODE_ENV=production, a fresh DATA_DIR, the
 * form rate limit raised for the run) on a free port, and beside it a bare Express JSON
 * endpoint as the baseline, each in its own process. autocannon drives each for 10 s at 50
 * connections: the appointment procedure with a valid submission, and the baseline with the
 * same body. The two alternate for three rounds, because a shared machine's speed drifts
 * from minute to minute: each round's ratio compares runs made side by side, and the
 * verdict uses the medians. Prints every run, the medians and the ratio to the baseline,
 * then checks that the rows stored equal the 2xx responses. Exits 1 when that check fails.
 * Targets (issue #4): at least 40% of the baseline's requests/s, p99 at most 50 ms.
 */
import { appointmentBody, freePort, waitUntilUp } from './bench-process';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import express from 'express';
import { envSetting } from '../../env';
import { distDir, hasSiteBuild } from '../../site/load-site-build';

const CONNECTIONS = 50;
const DURATION_S = 10;
const EXACT_REQUESTS = 2000;
const ROUNDS = 3;
const TARGET_RATIO = 0.4;
const TARGET_P99_MS = 50;
const root = path.resolve(import.meta.dirname, '../../..');

// Baseline mode: this same file, run as a child, serves the bare Express JSON endpoint.
if (process.argv.includes('--baseline')) {
  const app = express();
  app.post('/echo', express.json({ limit: '64kb' }), (req, res) => {
    res.json({ result: { data: { reference: 'APT-22222', fields: Object.keys((req.body ?? {}) as object).length } } });
  });
  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  app.listen(envSetting('PORT'), '127.0.0.1');
} else {
  await main();
}

type Run = { label: string; rps: number; p50: number; p99: number; ok: number; other: number; errors: number };

async function drive(
  label: string,
  url: string,
  origin: string,
  body: string,
  length: { duration: number } | { amount: number } = { duration: DURATION_S },
): Promise<Run> {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    ...length,
    headers: { 'content-type': 'application/json', origin },
    body,
  });
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    other: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function main() {
  if (!hasSiteBuild()) {
    throw new Error(`No production build in ${distDir}: run \`npm run build\` first (or set DIST_DIR).`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-bench-forms-'));
  const [appPort, basePort] = [await freePort(), await freePort()];
  const appUrl = `http://127.0.0.1:${appPort}`;
  const baseUrl = `http://127.0.0.1:${basePort}`;
  const children: ChildProcess[] = [];
  const stopAll = () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));
  process.on('exit', stopAll);

  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/index.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(appPort),
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      LOG_LEVEL: 'info', // as in production: one log line per request (written to /dev/null here)
      RATE_LIMIT_FORMS_PER_MINUTE: '100000000', // every request comes from 127.0.0.1
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(server);
  const baseline = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--baseline'], {
    cwd: root,
    env: { ...process.env, PORT: String(basePort) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(baseline);
  await Promise.all([waitUntilUp(appUrl, server), waitUntilUp(baseUrl, baseline)]);

  const body = appointmentBody();

  const formsUrl = `${appUrl}/trpc/forms.submitAppointment`;
  const sqlite = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
  const stored = () => (sqlite.prepare('select count(*) as count from appointments').get() as { count: number }).count;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

  // A short warm-up of each (JIT, SQLite page cache), then the measured rounds.
  await drive('warm-up', formsUrl, appUrl, body, { duration: 2 });
  await drive('warm-up', `${baseUrl}/echo`, baseUrl, body, { duration: 2 });
  const rounds: { base: Run; forms: Run; inFlight: number }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const base = await drive(`round ${round}: bare Express JSON endpoint (baseline)`, `${baseUrl}/echo`, baseUrl, body);
    await settle();
    const beforeRun = stored();
    const forms = await drive(
      `round ${round}: forms.submitAppointment (tRPC + zod + SQLite FULL sync)`,
      formsUrl,
      appUrl,
      body,
    );
    await settle();
    // A timed run stops its clock with up to one request per connection still in flight (stored, not counted).
    rounds.push({ base, forms, inFlight: stored() - beforeRun - forms.ok });
  }
  // So the exact check is a run of a fixed number of requests, every response counted.
  const beforeExact = stored();
  const exact = await drive(`forms.submitAppointment, exactly ${EXACT_REQUESTS} requests`, formsUrl, appUrl, body, {
    amount: EXACT_REQUESTS,
  });
  await settle();
  const exactStored = stored() - beforeExact;
  sqlite.close();
  stopAll();
  await settle();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const ratio = median(rounds.map(({ base, forms }) => forms.rps / base.rps));
  const p99 = median(rounds.map(({ forms }) => forms.p99));
  const row = (run: Run) =>
    `| ${run.label} | ${run.rps.toFixed(0)} | ${run.p50} | ${run.p99} | ${run.ok} | ${run.other} | ${run.errors} |`;
  console.log(
    `\nnpm run bench:forms: ${CONNECTIONS} connections, ${DURATION_S} s per run, ${ROUNDS} rounds, Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'})\n`,
  );
  console.log('| run | requests/s | p50 ms | p99 ms | 2xx | non-2xx | errors |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const { base, forms } of rounds) console.log(`${row(base)}\n${row(forms)}`);
  console.log(row(exact));
  console.log(
    `\nmedian requests/s: baseline ${median(rounds.map(({ base }) => base.rps)).toFixed(0)}, forms ${median(rounds.map(({ forms }) => forms.rps)).toFixed(0)}`,
  );
  console.log(
    `ratio to baseline (median of the rounds): ${(ratio * 100).toFixed(1)}% (target >= ${TARGET_RATIO * 100}%): ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`,
  );
  console.log(
    `p99 latency (median of the rounds): ${p99} ms (target <= ${TARGET_P99_MS} ms): ${p99 <= TARGET_P99_MS ? 'met' : 'NOT met'}`,
  );
  const inFlightOk = rounds.every(({ inFlight }) => inFlight >= 0 && inFlight <= CONNECTIONS);
  console.log(
    `timed runs: rows stored = 2xx + ${rounds.map(({ inFlight }) => inFlight).join(' / ')} still in flight when the clock stopped (at most ${CONNECTIONS}): ${inFlightOk ? 'ok' : 'MISMATCH'}`,
  );
  console.log(
    `exact run: rows stored ${exactStored}, 2xx responses ${exact.ok}: ${exactStored === exact.ok ? 'equal' : 'MISMATCH'}`,
  );
  const failedRequests =
    rounds.some(({ forms }) => forms.other > 0 || forms.errors > 0) || exact.other > 0 || exact.errors > 0;
  if (!inFlightOk || exactStored !== exact.ok || failedRequests) process.exitCode = 1;
}
