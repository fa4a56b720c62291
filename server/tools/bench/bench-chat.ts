/**
 * `npm run bench:chat [-- --profile paced|burst|both --visitors N --messages N]`
 *
 * Starts the compiled production build (dist/server/index.mjs with plain node, NODE_ENV=production, a fresh DATA_DIR
 * for each profile) on a free port, connects simulated visitors over Socket.IO (each gets its own visitor cookie from
 * its own handshake) and times every message from send to acknowledgement (the ack comes after its row is committed):
 *
 * - burst (default 500 visitors): connected 50 at a time; then every visitor sends its messages one after another,
 *   each waiting for its acknowledgement (as the widget does), all visitors at once: what one process can take.
 * - paced (default 2,000 visitors): connected 200 a second; once all are connected, each sends a message every 2-5 s
 *   (uniform, drawn per message, not waiting for acknowledgements): many quiet visitors on one process.
 *
 * One table, a row per profile: messages/s, p50/p95/p99/max latency, lost (no acknowledgement within 15 s),
 * duplicated (a client id stored more than once in SQLite, or echoed in message:created more than once) and the
 * server's memory per socket ((VmRSS after all connected - before) / sockets, from /proc/<pid>/status). Below it,
 * per profile: connecting, errors, dropped connections, CPU, and the bot's replies (stored 1.4-2.5 s after the
 * message they answer?). The visitors run in this process, on the same machine as the server.
 *
 * Measures; does not judge timings. Exits 1 only when storage is wrong: a duplicate, or an acknowledged message that
 * is not stored.
 */
import { benchServerEnv, freePort, waitUntilUp } from './bench-process';
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { io, type Socket } from 'socket.io-client';
import {
  CHAT_NAMESPACES,
  VISITOR_HANDSHAKE_QUERY,
  type ChatMessage,
  type VisitorClientToServerEvents,
  type VisitorServerToClientEvents,
} from '../../../shared/chat-events';
import { distDir, hasSiteBuild } from '../../site/load-site-build';

type Profile = 'burst' | 'paced';

const { values } = parseArgs({
  options: {
    profile: { type: 'string', default: 'both' },
    // Default: 500 for burst, 2,000 for paced.
    visitors: { type: 'string' },
    messages: { type: 'string', default: '5' },
    // Profiling: measure a server you started yourself (with its DATA_DIR, CHAT_MAX_CONNECTIONS_PER_IP raised);
    // --pid (its process id) adds its memory and CPU.
    url: { type: 'string' },
    'data-dir': { type: 'string' },
    pid: { type: 'string' },
  },
});

const positiveInt = (flag: string, raw: string) => {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${flag} must be a positive whole number`);
  return value;
};
if (!['paced', 'burst', 'both'].includes(values.profile)) throw new Error('--profile must be paced, burst or both');
const PROFILES: Profile[] = values.profile === 'both' ? ['burst', 'paced'] : [values.profile as Profile];
const MESSAGES = positiveInt('messages', values.messages);
const DEFAULT_VISITORS: Record<Profile, number> = { burst: 500, paced: 2000 };
const visitorsFor = (profile: Profile) =>
  values.visitors === undefined ? DEFAULT_VISITORS[profile] : positiveInt('visitors', values.visitors);

/** A message not acknowledged this long after it was sent counts as lost. */
const ACK_TIMEOUT_MS = 15_000;
const PACE_MS = { min: 2000, max: 5000 };
const RAMP_PER_SECOND = 200;
const BURST_BATCH = 50;
/** The bot's reply is on time when stored this long after the visitor's message (CHAT_REPLY_DELAY_MS is 1.5 s). */
const ON_TIME = { min: 1400, max: 2500 };
/** The per-visitor burst limit (attach-chat.ts: CHAT_BURST_LIMIT per CHAT_BURST_WINDOW_MS), not configurable. */
const BURST_LIMIT = 5;

const root = path.resolve(import.meta.dirname, '../../..');
const serverEntry = path.join(distDir, 'server', 'index.mjs');

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const uniform = ({ min, max }: { min: number; max: number }) => min + Math.random() * (max - min);
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
const seconds = (value: number) => (Number.isFinite(value) ? `${(value / 1000).toFixed(1)} s` : 'n/a');
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const countOf = (counts: Map<string, number>) =>
  counts.size ? [...counts].map(([key, n]) => `${key} ${n}`).join(', ') : 'none';
const bump = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);

// ---- The server process, read through /proc (Linux) ----

/** Resident memory of a process in bytes (VmRSS), NaN when it cannot be read. */
function rssBytes(pid: number | null): number {
  if (pid === null) return NaN;
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system) a process has used, in ms; NaN when it cannot be read. */
function cpuMs(pid: number | null): number {
  if (pid === null) return NaN;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after "(name) ": state is the 3rd field, utime the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / clockTicks) * 1000;
  } catch {
    return NaN;
  }
}

/** Share of one core used over an interval, e.g. "83%". */
const coreShare = (cpu: number, wall: number) =>
  Number.isFinite(cpu) && wall > 0 ? `${((cpu / wall) * 100).toFixed(0)}%` : 'n/a';

type Target = { origin: string; dataDir: string; pid: number | null; stop: () => Promise<void> };

/** A fresh server (or the one given by --url/--data-dir) with limits that let every visitor in from 127.0.0.1. */
async function startServer(visitors: number): Promise<Target> {
  if (values.url && values['data-dir']) {
    return {
      origin: values.url,
      dataDir: values['data-dir'],
      pid: values.pid ? positiveInt('pid', values.pid) : null,
      stop: () => Promise.resolve(),
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-bench-chat-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: benchServerEnv({
      port,
      dataDir,
      logLevel: 'error',
      extra: {
        DIST_DIR: distDir,
        // Every simulated visitor comes from 127.0.0.1 (the raw handshake cap is twice this).
        CHAT_MAX_CONNECTIONS_PER_IP: String(Math.max(20, visitors * 2)),
        // The production limit (10 a minute) unless a visitor sends more than that.
        CHAT_MESSAGES_PER_MINUTE: String(Math.max(10, MESSAGES)),
      },
    }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(origin, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, dataDir, pid: child.pid ?? null, stop };
}

// ---- Visitors ----

type VisitorSocket = Socket<VisitorServerToClientEvents, VisitorClientToServerEvents>;

type Sent = {
  clientId: string;
  sentAt: number;
  ackAt?: number;
  /** The acknowledgement's error code, when it was one. */
  error?: string;
  timedOut?: boolean;
  /** An acknowledgement that came after the timeout (the message still counts as lost). */
  lateAck?: boolean;
};

type Visitor = {
  socket: VisitorSocket;
  ready: Promise<void>;
  connectMs: number;
  connectError: string | null;
  /** Why the server or the network closed the socket before the end, if it did. */
  dropped: string | null;
  /** message:created of the visitor's own messages, per client id. */
  echoes: Map<string, number>;
  /** When each bot reply arrived. */
  botSeenAt: number[];
  sent: Sent[];
};

// server/ never imports client/, so the widget's socket options are repeated here. Node has no cookie jar: each
// socket's handshake has no cookie, so the server gives it a visitor id of its own (one conversation per socket).
function openVisitor(origin: string): Visitor {
  const socket: VisitorSocket = io(`${origin}${CHAT_NAMESPACES.visitor}`, {
    query: { ...VISITOR_HANDSHAKE_QUERY },
    forceNew: true,
    transports: ['websocket'],
    reconnection: false,
  });
  const started = performance.now();
  const visitor: Visitor = {
    socket,
    ready: Promise.resolve(),
    connectMs: NaN,
    connectError: null,
    dropped: null,
    echoes: new Map(),
    botSeenAt: [],
    sent: [],
  };
  visitor.ready = new Promise<void>((resolve) => {
    socket.once('connect', () => {
      visitor.connectMs = performance.now() - started;
      resolve();
    });
    socket.once('connect_error', (error) => {
      visitor.connectError = error.message;
      resolve();
    });
  });
  socket.on('disconnect', (reason) => {
    if (reason !== 'io client disconnect') visitor.dropped = reason;
  });
  socket.on('message:created', (message: ChatMessage) => {
    if (message.sender === 'user' && message.clientId) bump(visitor.echoes, message.clientId);
    else if (message.sender === 'bot') visitor.botSeenAt.push(performance.now());
  });
  return visitor;
}

/** burst: 50 at a time, each batch once the last is in; paced: 200 a second, evenly, not waiting. */
async function connectVisitors(origin: string, count: number, profile: Profile): Promise<Visitor[]> {
  const visitors: Visitor[] = [];
  if (profile === 'burst') {
    for (let index = 0; index < count; index += BURST_BATCH) {
      const batch = Array.from({ length: Math.min(BURST_BATCH, count - index) }, () => openVisitor(origin));
      visitors.push(...batch);
      await Promise.all(batch.map((visitor) => visitor.ready));
    }
    return visitors;
  }
  const slice = RAMP_PER_SECOND / 10;
  const start = performance.now();
  for (let index = 0; index < count; index += slice) {
    for (let n = index; n < Math.min(count, index + slice); n++) visitors.push(openVisitor(origin));
    await sleep(start + ((index + slice) / RAMP_PER_SECOND) * 1000 - performance.now());
  }
  await Promise.all(visitors.map((visitor) => visitor.ready));
  return visitors;
}

/** Sends one message; resolves on its acknowledgement or after ACK_TIMEOUT_MS. */
function send(visitor: Visitor, visitorNumber: number, messageNumber: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const sent: Sent = { clientId: randomUUID(), sentAt: performance.now() };
    visitor.sent.push(sent);
    const timer = setTimeout(() => {
      sent.timedOut = true;
      resolve();
    }, ACK_TIMEOUT_MS);
    visitor.socket.emit(
      'message:send',
      {
        clientId: sent.clientId,
        message: `Visitor ${visitorNumber}, question ${messageNumber}: do you offer home visits in Lekki?`,
      },
      (result) => {
        if (sent.timedOut) {
          sent.lateAck = true;
          return;
        }
        clearTimeout(timer);
        sent.ackAt = performance.now();
        if (!result.ok) sent.error = result.error.code;
        resolve();
      },
    );
  });
}

// ---- One profile ----

type Result = {
  profile: Profile;
  visitors: number;
  sent: number;
  acked: number;
  throughput: number;
  latencies: number[];
  lost: number;
  duplicated: number;
  memoryPerSocket: number;
  details: string[];
  integrityProblems: string[];
};

async function runProfile(profile: Profile): Promise<Result> {
  const visitorCount = visitorsFor(profile);
  const target = await startServer(visitorCount);
  try {
    await sleep(1000);
    const connected = await connectAndSettle(target, profile, visitorCount);
    const sending = await sendMessages(connected.visitors, profile, target.pid);
    const replies = await awaitBotReplies(connected.visitors, sending);
    for (const visitor of connected.all) visitor.socket.disconnect();
    const run: ProfileRun = {
      profile,
      visitorCount,
      connected,
      sending,
      replies,
      stored: readStored(target.dataDir, sending.messages),
    };
    const verdicts = judge(run);
    return {
      profile,
      visitors: visitorCount,
      sent: sending.messages.length,
      acked: verdicts.latencies.length,
      throughput:
        verdicts.latencies.length && sending.lastAck > sending.firstSend
          ? (verdicts.latencies.length / (sending.lastAck - sending.firstSend)) * 1000
          : NaN,
      latencies: verdicts.latencies,
      lost: verdicts.lost.length,
      duplicated: verdicts.duplicated,
      memoryPerSocket: verdicts.memoryPerSocket,
      details: describe(run, verdicts),
      integrityProblems: integrityProblems(profile, verdicts),
    };
  } finally {
    await target.stop();
  }
}

/** What one profile measured, phase by phase. */
type ProfileRun = {
  profile: Profile;
  visitorCount: number;
  connected: Connected;
  sending: Sending;
  replies: BotReplies;
  stored: Stored;
};

type Connected = {
  all: Visitor[];
  /** Those whose handshake succeeded. */
  visitors: Visitor[];
  connectErrors: Map<string, number>;
  connectWall: number;
  connectCpu: number;
  idleWall: number;
  idleCpu: number;
  rssBefore: number;
  rssAfter: number;
};

/** Connects every visitor, then measures the server idle with them connected (CPU and memory). */
async function connectAndSettle(target: Target, profile: Profile, visitorCount: number): Promise<Connected> {
  const rssBefore = rssBytes(target.pid);
  const connectStart = performance.now();
  const cpuBeforeConnect = cpuMs(target.pid);
  const all = await connectVisitors(target.origin, visitorCount, profile);
  const connectWall = performance.now() - connectStart;
  const connectCpu = cpuMs(target.pid) - cpuBeforeConnect;
  // Let the handshakes' garbage settle a moment (no forced GC: the server is an ordinary process); meanwhile the
  // server only keeps the connections alive (Engine.IO heartbeats every CHAT_PING_INTERVAL_MS).
  const idleStart = performance.now();
  const cpuBeforeIdle = cpuMs(target.pid);
  await sleep(2000);
  const idleCpu = cpuMs(target.pid) - cpuBeforeIdle;
  const idleWall = performance.now() - idleStart;
  const rssAfter = rssBytes(target.pid);
  const visitors = all.filter((visitor) => !visitor.connectError);
  const connectErrors = new Map<string, number>();
  for (const visitor of all) if (visitor.connectError) bump(connectErrors, visitor.connectError);
  return { all, visitors, connectErrors, connectWall, connectCpu, idleWall, idleCpu, rssBefore, rssAfter };
}

type Sending = {
  messages: Sent[];
  /** The messages acknowledged in time, with an error or not. */
  answered: Sent[];
  firstSend: number;
  lastAck: number;
  sendWall: number;
  serverCpu: number;
  clientCpu: number;
  /** This process's event loop while sending (the visitors' side). */
  loopDelay: IntervalHistogram;
};

/** Every visitor sends its messages (burst: back to back, each after its ack; paced: every 2-5 s, not waiting). */
async function sendMessages(visitors: Visitor[], profile: Profile, pid: number | null): Promise<Sending> {
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const clientCpuBefore = process.cpuUsage();
  const serverCpuBefore = cpuMs(pid);
  const sendStart = performance.now();
  await Promise.all(visitors.map(profile === 'burst' ? sendBackToBack : sendPaced));
  const messages = visitors.flatMap((visitor) => visitor.sent);
  const answered = messages.filter((sent) => sent.ackAt !== undefined);
  const firstSend = messages.length ? Math.min(...messages.map((sent) => sent.sentAt)) : NaN;
  const lastAck = answered.length ? Math.max(...answered.map((sent) => sent.ackAt!)) : NaN;
  const sendWall = performance.now() - sendStart;
  const serverCpu = cpuMs(pid) - serverCpuBefore;
  const clientCpuUsage = process.cpuUsage(clientCpuBefore);
  const clientCpu = (clientCpuUsage.user + clientCpuUsage.system) / 1000;
  loopDelay.disable();
  return { messages, answered, firstSend, lastAck, sendWall, serverCpu, clientCpu, loopDelay };
}

async function sendBackToBack(visitor: Visitor, index: number) {
  for (let n = 1; n <= MESSAGES; n++) await send(visitor, index + 1, n);
}

async function sendPaced(visitor: Visitor, index: number) {
  const pending: Promise<void>[] = [];
  for (let n = 1; n <= MESSAGES; n++) {
    await sleep(uniform(PACE_MS));
    pending.push(send(visitor, index + 1, n));
  }
  await Promise.all(pending);
}

type BotReplies = {
  /** Messages acknowledged without an error. */
  okCount: number;
  /** Visitors with at least one such message: each is owed a bot reply. */
  answeredVisitors: Visitor[];
};

/**
 * The bot acknowledges a waiting period (the first message after its last reply) 1.5 s after it: waits until every
 * visitor has had one and 1 s more than the latest is due, at most 10 s.
 */
async function awaitBotReplies(visitors: Visitor[], { answered, lastAck }: Sending): Promise<BotReplies> {
  const okCount = answered.filter((sent) => !sent.error).length;
  const answeredVisitors = visitors.filter((visitor) => visitor.sent.some((sent) => sent.ackAt && !sent.error));
  const waitAtLeast = (Number.isFinite(lastAck) ? lastAck : performance.now()) + ON_TIME.max + 1000;
  const waitAtMost = performance.now() + 10_000;
  while (
    performance.now() < waitAtMost &&
    (performance.now() < waitAtLeast || answeredVisitors.some((visitor) => !visitor.botSeenAt.length))
  )
    await sleep(100);
  return { okCount, answeredVisitors };
}

type Stored = {
  /** How many rows each of this run's client ids has. */
  stored: Map<string, number>;
  /** How long after the start of its waiting period each bot reply was stored, sorted. */
  storedDelays: number[];
  storedBot: number;
};

/** What the server's SQLite database holds of this run's conversations. */
function readStored(dataDir: string, messages: Sent[]): Stored {
  const sqlite = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
  const userRows = sqlite
    .prepare("select client_id, conversation_id from chat_messages where sender = 'user' and client_id is not null")
    .all() as { client_id: string; conversation_id: number }[];
  const stored = new Map<string, number>();
  const ourConversations = new Set<number>();
  const ourIds = new Set(messages.map((sent) => sent.clientId));
  for (const row of userRows) {
    if (!ourIds.has(row.client_id)) continue;
    bump(stored, row.client_id);
    ourConversations.add(row.conversation_id);
  }
  const rows = sqlite
    .prepare('select conversation_id, sender, created_at from chat_messages order by conversation_id, id')
    .all() as StoredRow[];
  sqlite.close();
  return { stored, ...botReplyDelays(rows, ourConversations) };
}

type StoredRow = { conversation_id: number; sender: string; created_at: string };

/**
 * The bot's promise, measured where it is kept: a reply stored 1.5 s after the visitor's first message since the
 * previous reply.
 */
function botReplyDelays(rows: StoredRow[], ourConversations: Set<number>) {
  const storedDelays: number[] = [];
  const periodStart = new Map<number, number>();
  let storedBot = 0;
  for (const row of rows) {
    if (!ourConversations.has(row.conversation_id)) continue;
    if (row.sender === 'user' && !periodStart.has(row.conversation_id))
      periodStart.set(row.conversation_id, Date.parse(row.created_at));
    if (row.sender !== 'bot') continue;
    storedBot += 1;
    const start = periodStart.get(row.conversation_id);
    periodStart.delete(row.conversation_id);
    if (start !== undefined) storedDelays.push(Date.parse(row.created_at) - start);
  }
  storedDelays.sort((a, b) => a - b);
  return { storedDelays, storedBot };
}

type Verdicts = ReturnType<typeof judge>;

/** Latencies, errors, losses and duplicates of one run, from what the visitors saw and what was stored. */
function judge({ connected, sending, stored: { stored, storedDelays } }: ProfileRun) {
  const { visitors } = connected;
  const { messages, answered } = sending;
  // What visitors saw: their first bot reply after their first message.
  const seenAfterSend = visitors
    .filter((visitor) => visitor.botSeenAt.length && visitor.sent.length)
    .map((visitor) => visitor.botSeenAt[0]! - visitor.sent[0]!.sentAt)
    .sort((a, b) => a - b);
  const latencies = answered
    .filter((sent) => !sent.error)
    .map((sent) => sent.ackAt! - sent.sentAt)
    .sort((a, b) => a - b);
  // A visitor's first message also creates their conversation (one more write and commit).
  const latencyOf = (sent: Sent) => (sent.ackAt !== undefined && !sent.error ? [sent.ackAt - sent.sentAt] : []);
  const firstLatencies = visitors.flatMap((visitor) => visitor.sent.slice(0, 1).flatMap(latencyOf));
  const laterLatencies = visitors.flatMap((visitor) => visitor.sent.slice(1).flatMap(latencyOf));
  firstLatencies.sort((a, b) => a - b);
  laterLatencies.sort((a, b) => a - b);
  const errors = new Map<string, number>();
  for (const sent of answered) if (sent.error) bump(errors, sent.error);
  const lost = messages.filter((sent) => sent.timedOut);
  const storedTwice = messages.filter((sent) => (stored.get(sent.clientId) ?? 0) > 1).length;
  const { echoedTwice, duplicated } = countDuplicates(visitors, stored);
  const ackedNotStored = answered.filter((sent) => !sent.error && !stored.has(sent.clientId)).length;
  const dropped = new Map<string, number>();
  for (const visitor of visitors) if (visitor.dropped) bump(dropped, visitor.dropped);
  const connectTimes = visitors.map((visitor) => visitor.connectMs).sort((a, b) => a - b);
  const onTime = storedDelays.filter((delay) => delay >= ON_TIME.min && delay <= ON_TIME.max).length;
  const memoryPerSocket = (connected.rssAfter - connected.rssBefore) / Math.max(1, visitors.length);
  return {
    seenAfterSend,
    latencies,
    firstLatencies,
    laterLatencies,
    errors,
    lost,
    storedTwice,
    echoedTwice,
    duplicated,
    ackedNotStored,
    dropped,
    connectTimes,
    onTime,
    memoryPerSocket,
  };
}

/** Messages echoed twice, and messages echoed or stored twice (each counted once). */
function countDuplicates(visitors: Visitor[], stored: Map<string, number>) {
  let echoedTwice = 0;
  let duplicated = 0;
  for (const visitor of visitors)
    for (const sent of visitor.sent) {
      const echoed = (visitor.echoes.get(sent.clientId) ?? 0) > 1;
      if (echoed) echoedTwice += 1;
      if (echoed || (stored.get(sent.clientId) ?? 0) > 1) duplicated += 1;
    }
  return { echoedTwice, duplicated };
}

/** The lines printed under the table for one profile. */
function describe({ profile, visitorCount, connected, sending, replies, stored }: ProfileRun, verdicts: Verdicts) {
  const { visitors, connectWall, connectCpu, idleCpu, idleWall, connectErrors, rssBefore, rssAfter } = connected;
  const { messages, firstSend, lastAck, serverCpu, clientCpu, sendWall, loopDelay } = sending;
  const { latencies, firstLatencies, laterLatencies, errors, lost, dropped, connectTimes, seenAfterSend } = verdicts;
  const { storedDelays, storedBot } = stored;
  const botSeen = visitors.reduce((total, visitor) => total + visitor.botSeenAt.length, 0);
  const label = `${profile}:`.padEnd(7);
  const details = [
    `${label}${visitors.length} / ${visitorCount} connected in ${seconds(connectWall)} ` +
      `(${profile === 'paced' ? `ramp ${RAMP_PER_SECOND}/s` : `${BURST_BATCH} at a time`}; handshake p50 ${ms(percentile(connectTimes, 50))}, p99 ${ms(percentile(connectTimes, 99))}` +
      `${connectErrors.size ? `; refused: ${countOf(connectErrors)}` : ''}); server CPU while connecting ${coreShare(connectCpu, connectWall)} of a core; ` +
      `then idle ${coreShare(idleCpu, idleWall)}; server RSS ${megabytes(rssBefore)} -> ${megabytes(rssAfter)}`,
    `${label}${messages.length} sent, ${latencies.length} acknowledged in ${seconds(lastAck - firstSend)} ` +
      `(ack errors: ${countOf(errors)}; lost ${lost.length}, of which stored anyway ${lost.filter((sent) => stored.stored.has(sent.clientId)).length}, acknowledged late ${lost.filter((sent) => sent.lateAck).length}); ` +
      `dropped connections: ${countOf(dropped)}`,
    `${label}latency of each visitor's first message (creates the conversation) p50 ${ms(percentile(firstLatencies, 50))}, p99 ${ms(percentile(firstLatencies, 99))}; ` +
      `later messages p50 ${ms(percentile(laterLatencies, 50))}, p99 ${ms(percentile(laterLatencies, 99))}`,
    `${label}duplicates: stored twice ${verdicts.storedTwice}, echoed twice ${verdicts.echoedTwice}; acknowledged but not stored ${verdicts.ackedNotStored}`,
    `${label}while sending: server CPU ${coreShare(serverCpu, sendWall)} of a core, client CPU ${coreShare(clientCpu, sendWall)}; ` +
      `client event-loop delay p99 ${ms(loopDelay.percentile(99) / 1e6)}, max ${ms(loopDelay.max / 1e6)}`,
    `${label}bot: ${storedBot} replies stored for ${replies.okCount} messages of ${replies.answeredVisitors.length} visitors, ${botSeen} seen; ` +
      `${verdicts.onTime} stored ${ON_TIME.min / 1000}-${ON_TIME.max / 1000} s after the message they answer ` +
      `(p50 ${ms(percentile(storedDelays, 50))}, p99 ${ms(percentile(storedDelays, 99))}); ` +
      `first reply seen after the first send p50 ${ms(percentile(seenAfterSend, 50))}, p99 ${ms(percentile(seenAfterSend, 99))}`,
  ];
  if (profile === 'burst' && MESSAGES > BURST_LIMIT)
    details.push(
      `${label}note: more than ${BURST_LIMIT} messages back to back exceed the per-visitor burst limit (RATE_LIMITED above)`,
    );
  return details;
}

/** Storage gone wrong: the only findings that fail the bench. */
function integrityProblems(profile: Profile, { storedTwice, echoedTwice, ackedNotStored }: Verdicts) {
  return [
    ...(storedTwice ? [`${profile}: ${storedTwice} client ids stored more than once`] : []),
    ...(echoedTwice ? [`${profile}: ${echoedTwice} messages echoed more than once`] : []),
    ...(ackedNotStored ? [`${profile}: ${ackedNotStored} acknowledged messages not stored`] : []),
  ];
}

function printTable(results: Result[]) {
  const header = [
    'profile',
    'visitors',
    'messages',
    'throughput/s',
    'p50',
    'p95',
    'p99',
    'max',
    'lost',
    'duplicated',
    'memory/socket',
  ];
  const rows = results.map((result) => [
    result.profile,
    String(result.visitors),
    String(result.sent),
    Number.isFinite(result.throughput) ? result.throughput.toFixed(0) : 'n/a',
    ms(percentile(result.latencies, 50)),
    ms(percentile(result.latencies, 95)),
    ms(percentile(result.latencies, 99)),
    ms(result.latencies.at(-1) ?? NaN),
    String(result.lost),
    String(result.duplicated),
    Number.isFinite(result.memoryPerSocket) ? `${(result.memoryPerSocket / 1024).toFixed(1)} KB` : 'n/a',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
}

async function main() {
  const external = Boolean(values.url && values['data-dir']);
  if (!external && (!hasSiteBuild() || !fs.existsSync(serverEntry))) {
    throw new Error(`No production build in ${distDir}: run \`npm run build\` first.`);
  }
  const loadAtStart = os.loadavg()[0]!;
  const results: Result[] = [];
  for (const profile of PROFILES) {
    console.error(`bench:chat: ${profile}, ${visitorsFor(profile)} visitors × ${MESSAGES} messages…`);
    results.push(await runProfile(profile));
  }

  console.log(
    `\nChat benchmark: ${external ? values.url : `${serverEntry} (production build, one process)`}; ` +
      `send -> acknowledgement, lost = no acknowledgement within ${ACK_TIMEOUT_MS / 1000} s\n`,
  );
  printTable(results);
  console.log('');
  for (const result of results) for (const detail of result.details) console.log(detail);
  console.log(
    `\nThe visitors' ${results.map((result) => result.visitors).join(' / ')} sockets run in this one client process on the same machine as the server ` +
      `(${os.cpus().length} CPUs, load average ${loadAtStart.toFixed(2)} at start): client CPU competes with the server's, so latencies are upper bounds.`,
  );
  if (results.some((result) => result.profile === 'paced'))
    console.log(
      `Paced throughput is the offered load (visitors / ~${(PACE_MS.min + PACE_MS.max) / 2000} s), not the server's ceiling; burst shows that.`,
    );

  const problems = results.flatMap((result) => result.integrityProblems);
  console.log('');
  console.log(`${problems.length ? 'FAIL' : 'PASS'}  every acknowledged message stored once, each echoed once`);
  for (const problem of problems) console.log(`      ${problem}`);
  if (problems.length) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
