/**
 * `npm run bench:messages [-- --messages 2000 --engine sqlite|postgres --nodes 1|2]`
 *
 * Issue #27: texts per second through the queue (outbound_messages) to the local fake provider, speaking Termii's API
 * over HTTP on this machine, and the queue delay of each text (from queued to sent): p50, p99, max. All texts are
 * queued at once, as a burst of requests would; the workers then drain the queue. With `--engine postgres` (a schema
 * of its own on TEST_DATABASE_URL) `--nodes 2` runs two workers on two connection pools, as two app nodes would.
 * It measures; it asserts nothing.
 */
import { parseArgs } from 'node:util';
import { openDatabase, type AppDatabase } from '../../db/database';
import { openPostgres } from '../../db/app-database';
import { migrateToLatest } from '../../db/migrate';
import { loadEnv } from '../../env';
import { createLogger } from '../../logger';
import { createMailQueue } from '../../mail/mail-queue';
import { grantConsent } from '../../messaging/consents';
import { startFakeProvider } from '../../messaging/fake-provider/fake-provider';
import { appEnvLines, fakeCredentialsFrom } from '../../messaging/fake-provider/fake-provider-settings';
import { createMessaging } from '../../messaging/messaging-service';
import { startMessagingWorker } from '../../messaging/messaging-worker';
import { createDrivers } from '../../messaging/providers';
import { percentile } from './bench-stats';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '2000' },
    engine: { type: 'string', default: 'sqlite' },
    nodes: { type: 'string', default: '1' },
  },
});
const MESSAGES = Number(values.messages);
const ENGINE = values.engine === 'postgres' ? 'postgres' : 'sqlite';
const NODES = ENGINE === 'postgres' ? Math.max(1, Math.min(2, Number(values.nodes))) : 1;

async function openBenchDatabases(): Promise<{ dbs: AppDatabase[]; close: () => Promise<void> }> {
  if (ENGINE === 'sqlite') {
    const { db } = openDatabase(':memory:');
    await migrateToLatest(db);
    return { dbs: [db], close: () => db.destroy() };
  }
  const url = loadEnv().TEST_DATABASE_URL;
  const schema = `bench_messages_${process.pid}`;
  const admin = openPostgres(url, { poolSize: 1 }).db;
  await admin.schema.createSchema(schema).ifNotExists().execute();
  const dbs = Array.from({ length: NODES }, () => openPostgres(url, { poolSize: 4, searchPath: schema }).db);
  await migrateToLatest(dbs[0]!);
  return {
    dbs,
    close: async () => {
      for (const db of dbs) await db.destroy();
      await admin.schema.dropSchema(schema).ifExists().cascade().execute();
      await admin.destroy();
    },
  };
}

async function main() {
  const fake = await startFakeProvider({ port: 0, autoDeliverMs: null, maxMessages: MESSAGES });
  const env = loadEnv({
    NODE_ENV: 'test',
    MESSAGING_QUIET_HOURS: 'off',
    MESSAGING_FALLBACK: 'sms',
    ...Object.fromEntries(
      appEnvLines(fake.url, fakeCredentialsFrom({})).map((line) => line.split(/=(.*)/s).slice(0, 2)),
    ),
  });
  const { dbs, close } = await openBenchDatabases();
  const logger = createLogger('silent');
  const [first] = dbs as [AppDatabase];

  const phones = Array.from({ length: MESSAGES }, (_, index) => `+2348036${String(index).padStart(6, '0')}`);
  for (const phone of phones) await grantConsent(first, phone, 'sms', { source: 'bench' });
  const messaging = createMessaging({ env });
  const queuedAt = performance.now();
  await first.transaction().execute(async (trx) => {
    for (const [index, phone] of phones.entries())
      await messaging.queue(trx, {
        template: 'request_received',
        params: {
          reference: `APT-${String(index).padStart(6, '0')}`,
          link: 'ilera.example/dashboard',
          noun: 'appointment',
        },
        phoneE164: phone,
        fallbackEmail: null,
        name: 'Bench',
      });
  });
  const queueMs = performance.now() - queuedAt;

  const startedAt = performance.now();
  const workers = dbs.map((db) =>
    startMessagingWorker({
      db,
      env,
      logger,
      messaging: createMessaging({ env }),
      mail: createMailQueue(db),
      drivers: createDrivers(env),
      pollMs: 50,
    }),
  );
  const sentCount = async () =>
    Number(
      (
        await first
          .selectFrom('outbound_messages')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('status', '=', 'sent')
          .executeTakeFirstOrThrow()
      ).count,
    );
  while ((await sentCount()) < MESSAGES) await new Promise((resolve) => setTimeout(resolve, 20));
  const drainMs = performance.now() - startedAt;
  await Promise.all(workers.map((worker) => worker.stop()));

  const rows = await first.selectFrom('outbound_messages').select(['created_at', 'sent_at']).execute();
  const delays = rows.map((row) => Date.parse(row.sent_at!) - Date.parse(row.created_at));
  const accepted = fake.messages().length;
  const lines = [
    `bench:messages: ${MESSAGES} texts, ${ENGINE}${ENGINE === 'postgres' ? `, ${NODES} node(s)` : ''}, Termii's API on the local fake`,
    `  queued in one transaction: ${queueMs.toFixed(0)} ms (${((MESSAGES / queueMs) * 1000).toFixed(0)} texts/s)`,
    `  sent: ${((MESSAGES / drainMs) * 1000).toFixed(0)} texts/s (${drainMs.toFixed(0)} ms to drain the queue); the fake accepted ${accepted}`,
    `  queue delay (queued to sent): p50 ${percentile(delays, 50).toFixed(0)} ms, p99 ${percentile(delays, 99).toFixed(0)} ms, max ${percentile(delays, 100).toFixed(0)} ms`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  await fake.close();
  await close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
