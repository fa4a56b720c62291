/**
 * `npm run bench:chat [-- --visitors 500 --messages 5]`
 *
 * Starts the production build (server/index.ts, NODE_ENV=production, a fresh DATA_DIR) on a free
 * port, connects N simulated visitors over Socket.IO, has each send M messages one after another
 * (each waits for its acknowledgement, as the widget does), then reports messages/s, p50/p99
 * acknowledgement latency and whether the bot's replies came on time (stored 1.4-2.5 s after the
 * message; what visitors saw, from their send, is shown too), and checks that what is stored
 * equals what was sent: no loss, no duplicates.
 * Exits 1 when a check fails.
 */
import { freePort, waitUntilUp } from './bench-process';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { io, type Socket } from 'socket.io-client';
import {
  CHAT_NAMESPACES,
  VISITOR_HANDSHAKE_QUERY,
  type AckResult,
  type ChatMessage,
  type VisitorClientToServerEvents,
  type VisitorServerToClientEvents,
} from '../../shared/chat-events';
import { chatTexts } from '../../shared/chat-texts';
import { distDir, hasSiteBuild } from '../site/load-site-build';

const { values } = parseArgs({
  options: {
    visitors: { type: 'string', default: '500' },
    messages: { type: 'string', default: '5' },
    // Profiling: measure a server you started yourself (with its DATA_DIR, CHAT_MAX_CONNECTIONS_PER_IP raised).
    url: { type: 'string' },
    'data-dir': { type: 'string' },
  },
});
const VISITORS = Number(values.visitors);
const MESSAGES = Number(values.messages);
const ON_TIME = { min: 1400, max: 2500 };
const root = path.resolve(import.meta.dirname, '../..');

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
type VisitorSocket = Socket<VisitorServerToClientEvents, VisitorClientToServerEvents>;
// server/ never imports client/, so the widget's socket options are repeated here.
const visitorSocket = (origin: string): VisitorSocket =>
  io(`${origin}${CHAT_NAMESPACES.visitor}`, {
    query: { ...VISITOR_HANDSHAKE_QUERY },
    forceNew: true,
    transports: ['websocket'],
    reconnection: false,
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  if (!hasSiteBuild()) {
    throw new Error(`No production build in ${distDir}: run \`npm run build\` first.`);
  }
  const external = values.url && values['data-dir'] ? { origin: values.url, dataDir: values['data-dir'] } : null;
  const dataDir = external?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-bench-chat-'));
  const port = external ? 0 : await freePort();
  const origin = external?.origin ?? `http://127.0.0.1:${port}`;
  const server = external
    ? null
    : spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/index.ts')], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'error',
          DIST_DIR: distDir,
          // Every simulated visitor comes from 127.0.0.1.
          CHAT_MAX_CONNECTIONS_PER_IP: String(VISITORS * 2),
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
  const stopped = new Promise<void>((resolve) => (server ? server.once('exit', () => resolve()) : resolve()));

  try {
    await waitUntilUp(origin, server ?? undefined);

    // Connect every visitor (the widget's first open), 50 at a time.
    const sockets: VisitorSocket[] = [];
    const connectStart = performance.now();
    for (let index = 0; index < VISITORS; index += 50) {
      const batch = Array.from({ length: Math.min(50, VISITORS - index) }, () => visitorSocket(origin));
      await Promise.all(
        batch.map(
          (socket) =>
            new Promise<void>((resolve, reject) => {
              socket.once('connect', () => resolve());
              socket.once('connect_error', reject);
            }),
        ),
      );
      sockets.push(...batch);
    }
    const connectMs = performance.now() - connectStart;

    const ackLatencies: number[] = [];
    const botDelays: number[] = [];
    const botDelaysFromSend: number[] = [];
    const sentAt: number[][] = sockets.map(() => []);
    const ackedAt: number[][] = sockets.map(() => []);
    const errors = new Map<string, number>();
    let botReplies = 0;
    const botReplyCounts: number[] = sockets.map(() => 0);
    const botReplyCount = (visitor: number) => botReplyCounts[visitor]!;
    sockets.forEach((socket, visitor) => {
      socket.on('message:created', (message: ChatMessage) => {
        if (message.sender !== 'bot' || message.message !== chatTexts.botReply) return;
        const index = botReplyCount(visitor);
        const sent = sentAt[visitor]![index];
        const acked = ackedAt[visitor]![index];
        botReplyCounts[visitor] = index + 1;
        botReplies += 1;
        // On time = 1.5 s after the message was stored (its acknowledgement), as the visitor sees it marked sent.
        if (acked !== undefined) botDelays.push(performance.now() - acked);
        if (sent !== undefined) botDelaysFromSend.push(performance.now() - sent);
      });
    });
    const sendStart = performance.now();
    await Promise.all(
      sockets.map(async (socket, visitor) => {
        for (let index = 0; index < MESSAGES; index++) {
          const started = performance.now();
          sentAt[visitor]!.push(started);
          try {
            // timeout() loses the event map's ack type in socket.io-client's typings.
            const result = (await socket.timeout(30_000).emitWithAck('message:send', {
              clientId: randomUUID(),
              message: `Visitor ${visitor + 1}, question ${index + 1}: do you offer home visits in Lekki?`,
            })) as AckResult<{ message: ChatMessage }>;
            const now = performance.now();
            ackedAt[visitor]!.push(now);
            if (result.ok) ackLatencies.push(now - started);
            else errors.set(result.error.code, (errors.get(result.error.code) ?? 0) + 1);
          } catch {
            errors.set('ACK_TIMEOUT', (errors.get('ACK_TIMEOUT') ?? 0) + 1);
          }
        }
      }),
    );
    const sendMs = performance.now() - sendStart;
    const expected = VISITORS * MESSAGES;
    const waitUntil = performance.now() + 10_000;
    while (botReplies < expected && performance.now() < waitUntil) await sleep(50);
    for (const socket of sockets) socket.disconnect();

    const sqlite = new SQLite(path.join(dataDir, 'app.db'), { readonly: true });
    const stored = sqlite
      .prepare("select count(*) as n, count(distinct client_id) as ids from chat_messages where sender = 'user'")
      .get() as { n: number; ids: number };
    const storedBot = sqlite.prepare("select count(*) as n from chat_messages where sender = 'bot'").get() as {
      n: number;
    };
    // The bot's promise, measured where it is kept: each reply stored 1.5 s after its message.
    const storedRows = sqlite
      .prepare('select conversation_id, sender, message, created_at from chat_messages order by conversation_id, id')
      .all() as { conversation_id: number; sender: string; message: string; created_at: string }[];
    sqlite.close();
    const storedDelays: number[] = [];
    const pending = new Map<number, number[]>();
    for (const row of storedRows) {
      const queue = pending.get(row.conversation_id) ?? [];
      pending.set(row.conversation_id, queue);
      if (row.sender === 'user') queue.push(Date.parse(row.created_at));
      else if (row.message === chatTexts.botReply && queue.length)
        storedDelays.push(Date.parse(row.created_at) - queue.shift()!);
    }
    storedDelays.sort((a, b) => a - b);

    ackLatencies.sort((a, b) => a - b);
    botDelays.sort((a, b) => a - b);
    botDelaysFromSend.sort((a, b) => a - b);
    const onTime = storedDelays.filter((ms) => ms >= ON_TIME.min && ms <= ON_TIME.max).length;
    const arrivedOnTime = botDelaysFromSend.filter((ms) => ms >= ON_TIME.min && ms <= ON_TIME.max).length;
    const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
    const rows: [string, string][] = [
      ['visitors × messages', `${VISITORS} × ${MESSAGES} = ${expected}`],
      ['connect (all visitors)', fmt(connectMs)],
      ['messages acknowledged', `${ackLatencies.length} / ${expected}`],
      ['throughput', `${((ackLatencies.length / sendMs) * 1000).toFixed(0)} messages/s (${fmt(sendMs)} for all)`],
      [
        'ack latency p50 / p99 / max',
        `${fmt(percentile(ackLatencies, 50))} / ${fmt(percentile(ackLatencies, 99))} / ${fmt(ackLatencies.at(-1) ?? NaN)}`,
      ],
      ['bot replies received', `${botReplies} / ${expected}`],
      ['bot replies stored on time (1.4-2.5 s after the message)', `${onTime} / ${expected}`],
      [
        'stored delay p50 / p99 / max',
        `${fmt(percentile(storedDelays, 50))} / ${fmt(percentile(storedDelays, 99))} / ${fmt(storedDelays.at(-1) ?? NaN)}`,
      ],
      ['replies seen by visitors 1.4-2.5 s after sending', `${arrivedOnTime} / ${expected}`],
      [
        'seen after send p50 / p99',
        `${fmt(percentile(botDelaysFromSend, 50))} / ${fmt(percentile(botDelaysFromSend, 99))}`,
      ],
      ['seen after ack p50 / p99', `${fmt(percentile(botDelays, 50))} / ${fmt(percentile(botDelays, 99))}`],
      ['stored user messages (distinct client ids)', `${stored.n} (${stored.ids})`],
      ['stored bot replies', `${storedBot.n}`],
      ['errors', errors.size ? [...errors].map(([code, n]) => `${code} ${n}`).join(', ') : 'none'],
    ];
    const width = Math.max(...rows.map(([label]) => label.length));
    console.log(`\nChat benchmark against ${distDir} (production build, ${os.cpus().length} CPUs)\n`);
    console.log(`| ${'measure'.padEnd(width)} | result |`);
    console.log(`| ${'-'.repeat(width)} | ------ |`);
    for (const [label, value] of rows) console.log(`| ${label.padEnd(width)} | ${value} |`);

    const checks = [
      ['stored = sent', stored.n === expected && stored.ids === expected],
      ['every message acknowledged', ackLatencies.length === expected],
      ['every bot reply stored and received', storedBot.n === expected && botReplies === expected],
      ['bot replies on time', onTime === expected],
    ] as const;
    console.log('');
    for (const [label, ok] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}`);
    if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    if (server) {
      server.kill('SIGTERM');
      await stopped;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
