/**
 * `npm run bench:cluster [-- --visitors 500,1000,2000,4000 --messages 3 --seconds 10 --setups sqlite,pg-one,pg-two
 *   --phases chat,forms --cpu-prof]` (issues #16.5 and #31.1)
 *
 * The same load on up to three set-ups, one after the other, from the compiled build (run `npm run build` first):
 * - `sqlite`: one node on SQLite, nothing shared (the default deployment);
 * - `pg-one`: one node on PostgreSQL (a scratch database, dropped afterwards) and Redis (a key prefix of its own), no
 *   proxy: the engine's cost without the cost of running two nodes;
 * - `pg-two`: two nodes on one such database and Redis, behind the sticky proxy of server/tools/cluster.ts, which runs
 *   in a process of its own (proxy-process.ts) so that its CPU is read apart from the load generator's.
 *
 * The load, through each set-up's front door:
 * - chat, once per --visitors step (on the same nodes): N visitor sockets (WebSocket; round-robin across the nodes),
 *   connected 200 a second as in bench:chat's paced profile; each sends M messages 2-5 s apart. Latency is send →
 *   acknowledgement (after the commit). Lost: a message not acknowledged within 60 s, or acknowledged and not in the
 *   database. (The acknowledgement waits that long so that p50 and p99 count every message of a saturated set-up.)
 * - forms: autocannon, 50 connections for S seconds of appointment requests. Lost: a 2xx answer whose row is not
 *   stored.
 *
 * CPU (proc-cpu.ts): each process's CPU time from /proc between the start and the end of each phase, printed per 1,000
 * acknowledged messages and per 1,000 stored forms: each node, the proxy, PostgreSQL (the whole server, and its
 * backends of the bench's database as a check), Redis, the load generator (this process: the sockets and autocannon),
 * and the sum over the server processes (nodes, proxy, PostgreSQL, Redis). The chat phase runs from the first
 * connection to 2 s after the last acknowledgement (the bot's replies to the last messages); the forms phase runs
 * from autocannon's start until every receipt e-mail the forms queued has been sent (the mail outbox is empty; at most
 * 120 s after the load), so that the CPU per form is the whole form's on every set-up: under the load a SQLite node
 * sends almost no mail (its worker's writes wait behind the batches) and a PostgreSQL node some.
 *
 * Redis (redis-commands.ts): the commands each phase cost, per 1,000 messages or forms (INFO commandstats).
 *
 * Prints the load table, the CPU table, the Redis table and the knee of each set-up (the first --visitors step whose
 * chat p99 passes 250 ms). --cpu-prof starts the nodes with `node --cpu-prof` and prints the ten heaviest frames of
 * each set-up (self time over its nodes' whole life: start-up, then the phases run; `--setups pg-one --phases forms`
 * profiles one PostgreSQL node under the forms load alone).
 * Measures; does not judge timings. Exits 1 when anything is lost.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { io, type Socket } from 'socket.io-client';
import { CHAT_NAMESPACES, VISITOR_HANDSHAKE_QUERY } from '../../../shared/chat-events';
import { openAppDatabase } from '../../db/app-database';
import type { AppDatabase } from '../../db/database';
import { loadEnv } from '../../env';
import { hasSiteBuild } from '../../site/load-site-build';
import { appointmentBody } from './bench-process';
import { knee } from './bench-stats';
import { startCpuMeter, type CpuReading, type CpuTargets } from './proc-cpu';
import { startRedisCommandMeter } from './redis-commands';
import { formatTopFrames, profilesIn, readProfile, topFrames } from './top-frames';
import { answers, createScratchDatabase, startAppNode, testPostgresUrl, testRedisUrl, type AppNode } from '../cluster';

const SET_UPS = ['sqlite', 'pg-one', 'pg-two'] as const;
type SetUpKey = (typeof SET_UPS)[number];
const PHASES = ['chat', 'forms'] as const;

const { values } = parseArgs({
  options: {
    visitors: { type: 'string', default: '2000' },
    messages: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    setups: { type: 'string', default: SET_UPS.join(',') },
    phases: { type: 'string', default: PHASES.join(',') },
    'cpu-prof': { type: 'boolean', default: false },
  },
});
const positiveInt = (flag: string, raw: string) => {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${flag} must be a positive whole number`);
  return value;
};
function listOf<T extends string>(flag: string, raw: string, allowed: readonly T[]): T[] {
  const items = raw.split(',').map((item) => item.trim());
  const wrong = items.find((item) => !allowed.includes(item as T));
  if (wrong !== undefined) throw new Error(`--${flag}: "${wrong}" is none of ${allowed.join(', ')}`);
  return allowed.filter((item) => items.includes(item));
}
const VISITOR_STEPS = values.visitors.split(',').map((raw) => positiveInt('visitors', raw.trim()));
const MESSAGES = positiveInt('messages', values.messages);
const FORM_SECONDS = positiveInt('seconds', values.seconds);
const CHOSEN_SET_UPS = listOf('setups', values.setups, SET_UPS);
const CHOSEN_PHASES = listOf('phases', values.phases, PHASES);
const CPU_PROF = values['cpu-prof'];
const FORM_CONNECTIONS = 50;
const RAMP_PER_SECOND = 200;
const PACE_MS = { min: 2000, max: 5000 };
const ACK_TIMEOUT_MS = 60_000;
/** The chat phase's CPU reading ends this long after the last acknowledgement (the bot answers 1.5 s after one). */
const BOT_SETTLE_MS = 2000;
/** Longest wait after the forms load for its receipts to be sent (the forms phase's CPU reading ends then). */
const MAIL_DRAIN_MS = 120_000;
/** The knee: the first step whose chat p99 passes this. */
const KNEE_P99_MS = 250;
const redisUrl = testRedisUrl();
const portOf = (url: string, fallback: number) => Number(new URL(url).port || fallback);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

type SetUp = {
  key: SetUpKey;
  label: string;
  frontDoor: string;
  db: AppDatabase;
  nodes: AppNode[];
  cpu: CpuTargets;
  /** Where the nodes write their CPU profiles (--cpu-prof). */
  profileDir?: string;
  /** The set-ups on Redis: its commands per phase are counted. */
  redisUrl?: string;
  stop: () => Promise<void>;
};
type Row = {
  setUp: string;
  load: string;
  /** Chat rows: the step's visitors. */
  visitors?: number;
  throughput: string;
  p50: number;
  p99: number;
  lost: number;
  note: string;
  cpu: CpuReading;
  /** What the CPU is divided by: messages acknowledged, or forms stored. */
  units: number;
  unitName: 'messages' | 'forms';
  /** Redis commands during the phase, per command, most first (set-ups on Redis). */
  redisCommands?: [string, number][];
};

function nodeEnv(dataDir: string, extra: Record<string, string>) {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    RATE_LIMIT_FORMS_PER_MINUTE: '100000000',
    CHAT_MAX_CONNECTIONS_PER_IP: '100000',
    CHAT_MESSAGES_PER_MINUTE: '1000',
    // The team is in, whenever the bench runs: out of hours the bot asks for contact details and answers every later
    // message, so the same run stored twice the bot messages at night and at weekends (a public holiday still closes;
    // ADR 0056).
    SUPPORT_HOURS: 'Mon-Sun 00:00-24:00',
    ...extra,
  };
}

const tempDir = (label: string) => fs.mkdtempSync(path.join(os.tmpdir(), `ilera-bench-${label}-`));

/** `node --cpu-prof` into a folder of its own for the set-up, or nothing. */
function profiling(key: SetUpKey): { profileDir?: string; nodeArgs: string[] } {
  if (!CPU_PROF) return { nodeArgs: [] };
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), `ilera-bench-prof-${key}-`));
  return { profileDir, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] };
}

const nodeLabel = (index: number) => `node ${String.fromCharCode(65 + index)}`;
const loadGenerator = { label: 'load generator', pid: process.pid };

async function stopNodes(nodes: AppNode[]) {
  for (const node of nodes) node.child.kill('SIGTERM');
  await Promise.all(nodes.map((node) => node.exited));
}

async function oneSqliteNode(): Promise<SetUp> {
  const dataDir = tempDir('single');
  const { profileDir, nodeArgs } = profiling('sqlite');
  const node = await startAppNode(0, nodeEnv(dataDir, {}), nodeArgs);
  const { db } = openAppDatabase(loadEnv({ DATA_DIR: dataDir }));
  return {
    key: 'sqlite',
    label: 'one node, SQLite',
    frontDoor: node.baseUrl,
    db,
    nodes: [node],
    cpu: { processes: [{ label: nodeLabel(0), pid: node.child.pid! }, loadGenerator] },
    profileDir,
    stop: async () => {
      await db.destroy();
      await stopNodes([node]);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** proxy-process.ts in front of `ports`, through tsx as this command runs. */
async function startProxyProcess(ports: number[]) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'proxy-process.ts'), ...ports.map(String)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error(`the proxy did not start:\n${output}`)), 30_000);
    void exited.then(() => reject(new Error(`the proxy exited:\n${output}`)));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /\{"proxy":"([^"]+)"\}/.exec(output);
      if (!match) return;
      clearTimeout(timeout);
      resolve(match[1]!);
    });
  });
  return {
    baseUrl,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function postgresNodes(count: 1 | 2): Promise<SetUp> {
  const key: SetUpKey = count === 1 ? 'pg-one' : 'pg-two';
  const database = await createScratchDatabase('bench');
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `ilera-bench-${process.pid}-${randomBytes(4).toString('hex')}:`,
    CHAT_COOKIE_SECRET: randomBytes(32).toString('base64url'),
    ...(count === 2 ? { TRUST_PROXY: '1' } : {}),
  };
  const { profileDir, nodeArgs } = profiling(key);
  const dirs = Array.from({ length: count }, (_, index) => tempDir(`node-${index}`));
  const nodes: AppNode[] = [];
  for (const [index, dir] of dirs.entries()) nodes.push(await startAppNode(index, nodeEnv(dir, shared), nodeArgs));
  const proxy = count === 2 ? await startProxyProcess(nodes.map((node) => node.port)) : null;
  const { db } = openAppDatabase(loadEnv({ DATABASE_URL: database.url }));
  return {
    key,
    label: count === 1 ? 'one node, PostgreSQL + Redis, no proxy' : 'two nodes, PostgreSQL + Redis',
    frontDoor: proxy?.baseUrl ?? nodes[0]!.baseUrl,
    db,
    nodes,
    cpu: {
      processes: [
        ...nodes.map((node, index) => ({ label: nodeLabel(index), pid: node.child.pid! })),
        ...(proxy ? [{ label: 'proxy', pid: proxy.pid }] : []),
        loadGenerator,
      ],
      postgres: { port: portOf(database.url, 5432), database: new URL(database.url).pathname.slice(1) },
      redisPort: portOf(redisUrl, 6379),
    },
    profileDir,
    redisUrl,
    stop: async () => {
      await db.destroy();
      await proxy?.stop();
      await stopNodes(nodes);
      await database.drop();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const START: Record<SetUpKey, () => Promise<SetUp>> = {
  sqlite: oneSqliteNode,
  'pg-one': () => postgresNodes(1),
  'pg-two': () => postgresNodes(2),
};

type Sent = { clientId: string; at: number; ackMs?: number; failed?: string };

async function chatLoad(setUp: SetUp, visitors: number): Promise<Row> {
  const redisMeter = setUp.redisUrl ? await startRedisCommandMeter(setUp.redisUrl) : null;
  const meter = startCpuMeter(setUp.cpu);
  const sockets: Socket[] = [];
  const sent: Sent[] = [];
  let connectErrors = 0;
  const started = performance.now();
  const ready: Promise<void>[] = [];
  for (let index = 0; index < visitors; index++) {
    const socket = io(`${setUp.frontDoor}${CHAT_NAMESPACES.visitor}`, {
      query: { ...VISITOR_HANDSHAKE_QUERY },
      forceNew: true,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { origin: setUp.frontDoor },
    });
    sockets.push(socket);
    ready.push(
      new Promise<void>((resolve) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', () => {
          connectErrors += 1;
          resolve();
        });
      }),
    );
    await sleep(started + ((index + 1) / RAMP_PER_SECOND) * 1000 - performance.now());
  }
  await Promise.all(ready);
  const sendStart = performance.now();
  await Promise.all(
    sockets.map(async (socket, visitor) => {
      if (!socket.connected) return;
      for (let message = 0; message < MESSAGES; message++) {
        await sleep(PACE_MS.min + Math.random() * (PACE_MS.max - PACE_MS.min));
        const item: Sent = { clientId: randomUUID(), at: performance.now() };
        sent.push(item);
        socket
          .timeout(ACK_TIMEOUT_MS)
          .emit(
            'message:send',
            { clientId: item.clientId, message: `Visitor ${visitor}, question ${message}: do you offer home visits?` },
            (error: Error | null, result: { ok: boolean; error?: { code: string } }) => {
              if (error) item.failed = 'timeout';
              else if (!result.ok) item.failed = result.error?.code ?? 'refused';
              else item.ackMs = performance.now() - item.at;
            },
          );
      }
    }),
  );
  // Every message answered (or timed out): the throughput counts until the last answer.
  while (sent.some((item) => item.ackMs === undefined && item.failed === undefined)) await sleep(100);
  const wall = (performance.now() - sendStart) / 1000;
  await sleep(BOT_SETTLE_MS);
  const cpu = meter.stop();
  const redisCommands = await redisMeter?.stop();
  for (const socket of sockets) socket.disconnect();
  const acked = sent.filter((item) => item.ackMs !== undefined);
  const stored = await setUp.db
    .selectFrom('chat_messages')
    .select('client_id')
    .where('sender', '=', 'user')
    .where('client_id', 'in', acked.length ? acked.map((item) => item.clientId) : ['none'])
    .execute();
  const storedIds = new Set(stored.map((row) => row.client_id));
  const latencies = acked.map((item) => item.ackMs!).sort((a, b) => a - b);
  const lost = sent.length - acked.length + acked.filter((item) => !storedIds.has(item.clientId)).length;
  return {
    setUp: setUp.label,
    load: `chat: ${visitors} visitors × ${MESSAGES}`,
    visitors,
    throughput: `${(acked.length / wall).toFixed(0)} msg/s`,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    lost,
    note: `${sent.length} sent, ${acked.length} acknowledged, ${connectErrors} connect errors`,
    cpu,
    units: acked.length,
    unitName: 'messages',
    redisCommands,
  };
}

/** Seconds until the mail outbox is empty, or null when it still is not after MAIL_DRAIN_MS. */
async function mailDrained(db: AppDatabase): Promise<number | null> {
  const started = performance.now();
  for (;;) {
    const { queued } = await db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('queued'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const seconds = (performance.now() - started) / 1000;
    if (Number(queued) === 0) return seconds;
    if (seconds * 1000 >= MAIL_DRAIN_MS) return null;
    await sleep(250);
  }
}

async function formsLoad(setUp: SetUp): Promise<Row> {
  const email = `bench-${randomUUID()}@example.com`;
  const body = appointmentBody(email);
  const redisMeter = setUp.redisUrl ? await startRedisCommandMeter(setUp.redisUrl) : null;
  const meter = startCpuMeter(setUp.cpu);
  const result = await autocannon({
    url: `${setUp.frontDoor}/trpc/forms.submitAppointment`,
    method: 'POST',
    connections: FORM_CONNECTIONS,
    duration: FORM_SECONDS,
    headers: { 'content-type': 'application/json', origin: setUp.frontDoor },
    body,
  });
  const mailSeconds = await mailDrained(setUp.db);
  const cpu = meter.stop();
  const redisCommands = await redisMeter?.stop();
  const stored = await setUp.db
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const lost = Math.max(0, result['2xx'] - Number(stored.count));
  return {
    setUp: setUp.label,
    load: `forms: ${FORM_CONNECTIONS} connections, ${FORM_SECONDS} s`,
    throughput: `${result.requests.average.toFixed(0)} req/s`,
    p50: result.latency.p50,
    p99: result.latency.p99,
    lost,
    note:
      `${result['2xx']} stored answers, ${result.non2xx} non-2xx, ${result.errors + result.timeouts} errors; ` +
      (mailSeconds === null
        ? `receipts still queued ${MAIL_DRAIN_MS / 1000} s after the load`
        : `receipts all sent ${mailSeconds.toFixed(1)} s after the load`),
    cpu,
    units: Number(stored.count),
    unitName: 'forms',
    redisCommands,
  };
}

/** The CPU table's columns: the processes in the order they are printed ('–' where a set-up has none). */
const CPU_COLUMNS = ['node A', 'node B', 'proxy', 'postgres', 'redis', 'load generator', 'postgres: bench db'];

const formatMs = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '–' : value.toFixed(0));

function cpuLine(row: Row): string {
  const per1000 = (ms: number) => (row.units ? (ms / row.units) * 1000 : NaN);
  const msOf = (label: string) => row.cpu.find((item) => item.label === label)?.ms;
  const cells = CPU_COLUMNS.map((label) => {
    const ms = msOf(label);
    return formatMs(ms === undefined ? undefined : per1000(ms));
  });
  const serverSum = per1000(row.cpu.filter((item) => item.server).reduce((sum, item) => sum + item.ms, 0));
  cells.splice(5, 0, formatMs(serverSum));
  return `| ${row.setUp} | ${row.load} | ${row.units} ${row.unitName} | ${cells.join(' | ')} |`;
}

async function main() {
  if (!hasSiteBuild()) throw new Error('No build in dist/: run `npm run build` first.');
  if (CHOSEN_SET_UPS.some((key) => key !== 'sqlite')) {
    if (!(await answers(testPostgresUrl()))) throw new Error(`PostgreSQL does not answer at ${testPostgresUrl()}`);
    if (!(await answers(redisUrl))) throw new Error(`Redis does not answer at ${redisUrl}`);
  }
  const rows: Row[] = [];
  const knees: string[] = [];
  const profiles: string[] = [];
  for (const key of CHOSEN_SET_UPS) {
    const setUp = await START[key]();
    const setUpRows: Row[] = [];
    try {
      if (CHOSEN_PHASES.includes('chat'))
        for (const visitors of VISITOR_STEPS) {
          console.error(`${setUp.label}: chat, ${visitors} visitors…`);
          setUpRows.push(await chatLoad(setUp, visitors));
          await sleep(1000); // the step's sockets close before the next step's CPU reading starts
        }
      if (CHOSEN_PHASES.includes('forms')) {
        console.error(`${setUp.label}: forms…`);
        setUpRows.push(await formsLoad(setUp));
      }
    } finally {
      await setUp.stop();
    }
    rows.push(...setUpRows);
    if (CHOSEN_PHASES.includes('chat')) knees.push(`| ${setUp.label} | ${knee(setUpRows, KNEE_P99_MS)} |`);
    if (setUp.profileDir) {
      const files = profilesIn(setUp.profileDir);
      profiles.push(
        formatTopFrames(
          topFrames(files.map(readProfile)),
          `${setUp.label}: the ten heaviest frames by self time (${files.length} profile(s) in ${setUp.profileDir})`,
        ),
      );
    }
  }
  console.log(`\nbench:cluster on ${os.cpus().length} CPUs (load generator on the same machine)\n`);
  console.log('| set-up | load | throughput | p50 ms | p99 ms | lost | detail |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows)
    console.log(
      `| ${row.setUp} | ${row.load} | ${row.throughput} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.lost} | ${row.note} |`,
    );
  console.log(
    '\nCPU ms per 1,000 acknowledged messages or stored forms, per process (from /proc; server sum = nodes + proxy +' +
      ' postgres + redis; postgres is the whole server, "bench db" its backends of the bench database, part of it)\n',
  );
  console.log(
    `| set-up | load | counted | ${CPU_COLUMNS.slice(0, 5).join(' | ')} | server sum | ${CPU_COLUMNS.slice(5).join(' | ')} |`,
  );
  console.log(`|${' --- |'.repeat(CPU_COLUMNS.length + 4)}`);
  for (const row of rows) console.log(cpuLine(row));
  const onRedis = rows.filter((row) => row.redisCommands);
  if (onRedis.length) {
    console.log(
      '\nRedis commands per 1,000 acknowledged messages or stored forms (INFO commandstats, server-wide; the six most' +
        ' called)\n',
    );
    console.log('| set-up | load | all commands | most called |\n| --- | --- | --- | --- |');
    for (const row of onRedis) {
      const per1000 = (calls: number) => (row.units ? ((calls / row.units) * 1000).toFixed(0) : '–');
      const total = row.redisCommands!.reduce((sum, [, calls]) => sum + calls, 0);
      const top = row
        .redisCommands!.slice(0, 6)
        .map(([name, calls]) => `${name} ${per1000(calls)}`)
        .join(', ');
      console.log(`| ${row.setUp} | ${row.load} | ${per1000(total)} | ${top} |`);
    }
  }
  if (knees.length) {
    console.log(`\nKnee: the first step whose chat p99 passes ${KNEE_P99_MS} ms\n`);
    console.log('| set-up | knee |\n| --- | --- |');
    for (const line of knees) console.log(line);
  }
  for (const table of profiles) console.log(`\n${table}`);
  const lost = rows.reduce((sum, row) => sum + row.lost, 0);
  if (lost > 0) {
    console.error(`\n${lost} lost: see the table`);
    process.exitCode = 1;
  }
}

await main();
