/**
 * `npm run bench:whatsapp [-- --messages 2000 --senders 200 --concurrency 32 --repeats 0.1 --engine sqlite|postgres]`
 *
 * Issue #30: WhatsApp webhook throughput on one node. The production build (dist/server/index.mjs; `npm run build`
 * first) runs as one process on a local port. This posts Meta's documented payloads, each signed with
 * X-Hub-Signature-256, from `--senders` numbers, `--concurrency` requests at a time, with a share of them repeated
 * (Meta retries). It prints the posts accepted per second, the messages stored per second (each once: the repeats
 * must store nothing), and the latency per post, p50/p99/max. The per-address limit (WEBHOOK_REQUESTS_PER_MINUTE) is
 * lifted: this measures the node, not the limit. It measures; it asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openAppDatabase } from '../../db/app-database';
import { loadEnv } from '../../env';
import { hasSiteBuild } from '../../site/load-site-build';
import { createScratchDatabase, startAppNode } from '../cluster';
import { percentile } from './bench-stats';
import {
  textMessageValue,
  whatsAppNotificationBody,
  whatsAppSignature,
} from '../../messaging/fake-provider/whatsapp-notification';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '2000' },
    senders: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '32' },
    repeats: { type: 'string', default: '0.1' },
    engine: { type: 'string', default: 'sqlite' },
  },
});
const MESSAGES = Number(values.messages);
const SENDERS = Math.max(1, Number(values.senders));
const CONCURRENCY = Math.max(1, Number(values.concurrency));
const REPEATS = Math.min(0.9, Math.max(0, Number(values.repeats)));
const ENGINE = values.engine === 'postgres' ? 'postgres' : 'sqlite';
const APP_SECRET = randomBytes(24).toString('hex');
/** Meta names the business number it delivers to; the webhook does not check it. */
const PHONE_NUMBER_ID = '1234567';

/** One production node (dist/server/index.mjs), on a fresh SQLite file or a scratch PostgreSQL database. */
async function startNode() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilera-bench-whatsapp-'));
  const database = ENGINE === 'postgres' ? await createScratchDatabase('bench_whatsapp') : null;
  const node = await startAppNode(0, {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: 'bench',
    // Every post comes from 127.0.0.1: the per-address limit would measure itself, not the node.
    WEBHOOK_REQUESTS_PER_MINUTE: '100000000',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  const { db } = openAppDatabase(loadEnv({ DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) }));
  return {
    url: `${node.baseUrl}/webhooks/whatsapp`,
    db,
    stop: async () => {
      await db.destroy();
      node.child.kill('SIGTERM');
      await node.exited;
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  if (!hasSiteBuild()) throw new Error('No production build: run `npm run build` first.');
  const { url, db, stop } = await startNode();

  // Each unique message once, and a share of them posted again (Meta's retries), shuffled among the others.
  const unique = Array.from({ length: MESSAGES }, (_, index) => ({
    from: `+2348037${String(index % SENDERS).padStart(6, '0')}`,
    id: `wamid.BENCH${process.pid}x${index}`,
    text: `Hello, question number ${index} about my appointment`,
  }));
  const posts = [...unique, ...unique.slice(0, Math.round(MESSAGES * REPEATS))].map((message) => {
    const body = whatsAppNotificationBody(
      PHONE_NUMBER_ID,
      textMessageValue(message.from, message.text, message.id, new Date(), 'Bench'),
    );
    return { body, signature: whatsAppSignature(body, APP_SECRET) };
  });
  for (let i = posts.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [posts[i], posts[j]] = [posts[j]!, posts[i]!];
  }

  const latencies: number[] = [];
  let accepted = 0;
  let refused = 0;
  let next = 0;
  const startedAt = performance.now();
  const lane = async () => {
    while (next < posts.length) {
      const post = posts[next++]!;
      const sentAt = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        body: post.body,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': post.signature },
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - sentAt);
      if (response.status === 200) accepted++;
      else refused++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  const acceptMs = performance.now() - startedAt;
  const storedCount = async () =>
    Number(
      (
        await db
          .selectFrom('chat_messages')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('sender', '=', 'user')
          .executeTakeFirstOrThrow()
      ).count,
    );
  // Stored before the 200 is answered; this only confirms it.
  while ((await storedCount()) < MESSAGES && performance.now() - startedAt < 120_000)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const storedMs = performance.now() - startedAt;
  const stored = await storedCount();
  const conversations = Number(
    (
      await db
        .selectFrom('chat_conversations')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

  const lines = [
    `bench:whatsapp: ${posts.length} signed webhook posts (${MESSAGES} messages + ${posts.length - MESSAGES} repeats) from ${SENDERS} numbers, ${CONCURRENCY} at a time, ${ENGINE}, one node (production build)`,
    `  accepted: ${((accepted / acceptMs) * 1000).toFixed(0)} posts/s (${accepted} answered 200, ${refused} refused) in ${acceptMs.toFixed(0)} ms`,
    `  stored: ${((stored / storedMs) * 1000).toFixed(0)} messages/s (${stored} stored once each, in ${conversations} conversations)`,
    `  latency per post: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${percentile(latencies, 100).toFixed(1)} ms`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  await stop();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
