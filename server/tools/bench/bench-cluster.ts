/**
 * `npm run bench:cluster [-- --visitors 2000 --messages 3 --seconds 10]` (issue #16.5)
 *
 * The same load on two set-ups, one after the other, from the compiled build (run `npm run build` first):
 * - one node: one process on SQLite, nothing shared (the default deployment);
 * - two nodes: two processes on one PostgreSQL database (a scratch database, dropped afterwards) and one Redis (a key
 *   prefix of its own), behind the sticky proxy of server/tools/cluster.ts.
 *
 * The load, through each set-up's front door:
 * - chat: N visitor sockets (WebSocket; round-robin across the nodes), connected 200 a second as in bench:chat's
 *   paced profile; each sends M messages 2-5 s apart. Latency is send → acknowledgement (after the commit).
 *   Lost: a message not acknowledged within 60 s, or acknowledged and not in the database. (The acknowledgement
 *   waits that long so that p50 and p99 count every message of a saturated set-up, not only the quick ones.)
 * - forms: autocannon, 50 connections for S seconds of appointment requests.
 *   Lost: a 2xx answer whose row is not stored.
 *
 * Prints one table (throughput, p50, p99, lost per set-up and load). Measures; does not judge timings. Exits 1 when
 * anything is lost.
 */
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
import {
  answers,
  createScratchDatabase,
  startAppNode,
  startStickyProxy,
  testPostgresUrl,
  testRedisUrl,
  type AppNode,
} from '../cluster';

const { values } = parseArgs({
  options: {
    visitors: { type: 'string', default: '2000' },
    messages: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
  },
});
const positiveInt = (flag: string, raw: string) => {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${flag} must be a positive whole number`);
  return value;
};
const VISITORS = positiveInt('visitors', values.visitors);
const MESSAGES = positiveInt('messages', values.messages);
const FORM_SECONDS = positiveInt('seconds', values.seconds);
const FORM_CONNECTIONS = 50;
const RAMP_PER_SECOND = 200;
const PACE_MS = { min: 2000, max: 5000 };
const ACK_TIMEOUT_MS = 60_000;
const redisUrl = testRedisUrl();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

type SetUp = { label: string; frontDoor: string; db: AppDatabase; nodes: AppNode[]; stop: () => Promise<void> };
type Row = { setUp: string; load: string; throughput: string; p50: number; p99: number; lost: number; note: string };

function nodeEnv(dataDir: string, extra: Record<string, string>) {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    RATE_LIMIT_FORMS_PER_MINUTE: '100000000',
    CHAT_MAX_CONNECTIONS_PER_IP: '100000',
    CHAT_MESSAGES_PER_MINUTE: '1000',
    ...extra,
  };
}

const tempDir = (label: string) => fs.mkdtempSync(path.join(os.tmpdir(), `ilera-bench-${label}-`));

async function oneNode(): Promise<SetUp> {
  const dataDir = tempDir('single');
  const node = await startAppNode(0, nodeEnv(dataDir, {}));
  const { db } = openAppDatabase(loadEnv({ DATA_DIR: dataDir }));
  return {
    label: 'one node, SQLite',
    frontDoor: node.baseUrl,
    db,
    nodes: [node],
    stop: async () => {
      await db.destroy();
      node.child.kill('SIGTERM');
      await node.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function twoNodes(): Promise<SetUp> {
  const database = await createScratchDatabase('bench');
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `ilera-bench-${process.pid}-${randomBytes(4).toString('hex')}:`,
    CHAT_COOKIE_SECRET: randomBytes(32).toString('base64url'),
    TRUST_PROXY: '1',
  };
  const dirs = [tempDir('node-a'), tempDir('node-b')];
  const nodes = [await startAppNode(0, nodeEnv(dirs[0]!, shared)), await startAppNode(1, nodeEnv(dirs[1]!, shared))];
  const proxy = await startStickyProxy(nodes.map((node) => node.port));
  const { db } = openAppDatabase(loadEnv({ DATABASE_URL: database.url }));
  return {
    label: 'two nodes, PostgreSQL + Redis',
    frontDoor: proxy.baseUrl,
    db,
    nodes,
    stop: async () => {
      await db.destroy();
      await proxy.close();
      for (const node of nodes) node.child.kill('SIGTERM');
      await Promise.all(nodes.map((node) => node.exited));
      await database.drop();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Sent = { clientId: string; at: number; ackMs?: number; failed?: string };

async function chatLoad(setUp: SetUp): Promise<Row> {
  const sockets: Socket[] = [];
  const sent: Sent[] = [];
  let connectErrors = 0;
  const started = performance.now();
  const ready: Promise<void>[] = [];
  for (let index = 0; index < VISITORS; index++) {
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
    load: `chat: ${VISITORS} visitors × ${MESSAGES}`,
    throughput: `${(acked.length / wall).toFixed(0)} msg/s`,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    lost,
    note: `${sent.length} sent, ${acked.length} acknowledged, ${connectErrors} connect errors`,
  };
}

async function formsLoad(setUp: SetUp): Promise<Row> {
  const email = `bench-${randomUUID()}@example.com`;
  const body = appointmentBody(email);
  const result = await autocannon({
    url: `${setUp.frontDoor}/trpc/forms.submitAppointment`,
    method: 'POST',
    connections: FORM_CONNECTIONS,
    duration: FORM_SECONDS,
    headers: { 'content-type': 'application/json', origin: setUp.frontDoor },
    body,
  });
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
    note: `${result['2xx']} stored answers, ${result.non2xx} non-2xx, ${result.errors + result.timeouts} errors`,
  };
}

async function main() {
  if (!hasSiteBuild()) throw new Error('No build in dist/: run `npm run build` first.');
  if (!(await answers(testPostgresUrl()))) throw new Error(`PostgreSQL does not answer at ${testPostgresUrl()}`);
  if (!(await answers(redisUrl))) throw new Error(`Redis does not answer at ${redisUrl}`);
  const rows: Row[] = [];
  for (const start of [oneNode, twoNodes]) {
    const setUp = await start();
    try {
      console.error(`${setUp.label}: chat…`);
      rows.push(await chatLoad(setUp));
      console.error(`${setUp.label}: forms…`);
      rows.push(await formsLoad(setUp));
    } finally {
      await setUp.stop();
    }
  }
  console.log(`\nbench:cluster on ${os.cpus().length} CPUs (load generator on the same machine)\n`);
  console.log('| set-up | load | throughput | p50 ms | p99 ms | lost | detail |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows)
    console.log(
      `| ${row.setUp} | ${row.load} | ${row.throughput} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.lost} | ${row.note} |`,
    );
  const lost = rows.reduce((sum, row) => sum + row.lost, 0);
  if (lost > 0) {
    console.error(`\n${lost} lost: see the table`);
    process.exitCode = 1;
  }
}

await main();
