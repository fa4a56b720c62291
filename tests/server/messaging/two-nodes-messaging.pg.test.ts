/**
 * Issue #27.7: two nodes on one PostgreSQL send each text exactly once. Each node here has its own connection pool and
 * its own worker and driver, as two app processes would; the drivers answer after a random pause, so the nodes'
 * claims interleave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../../server/db/app-database';
import type { AppDatabase } from '../../../server/db/database';
import { loadEnv } from '../../../server/env';
import { createMailQueue } from '../../../server/mail/mail-queue';
import { grantConsent } from '../../../server/messaging/consents';
import { createMessaging } from '../../../server/messaging/messaging-service';
import { startMessagingWorker } from '../../../server/messaging/messaging-worker';
import type { DriverMessage, MessagingDriver } from '../../../server/messaging/messaging-types';
import { migrateToLatest } from '../../../server/db/migrate';
import { silentLogger } from '../../helpers/silent-logger';
import { createPostgresTestDb, testDatabaseUrl } from '../../helpers/test-db';
import { waitFor } from '../../helpers/wait-for';

const MESSAGES = 500;
const env = loadEnv({ NODE_ENV: 'test', MESSAGING_QUIET_HOURS: 'off', MESSAGING_FALLBACK: 'sms' });

let first: AppDatabase;
let second: AppDatabase;
beforeAll(async () => {
  const created = await createPostgresTestDb({ poolSize: 4 });
  first = created.db;
  await migrateToLatest(first);
  second = openPostgres(testDatabaseUrl(), { poolSize: 4, searchPath: created.schema }).db;
});
afterAll(async () => {
  await second.destroy();
  await first.destroy();
});

function node(db: AppDatabase, name: string, sends: Map<string, string[]>) {
  const driver: MessagingDriver = {
    name: 'termii',
    channel: 'sms',
    receipts: true,
    send: async (message: DriverMessage) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
      const key = `${message.to} ${message.text}`;
      sends.set(key, [...(sends.get(key) ?? []), name]);
      return { providerId: `${name}-${sends.size}-${Math.random()}` };
    },
  };
  const messaging = createMessaging({ env });
  return {
    messaging,
    worker: startMessagingWorker({
      db,
      env,
      logger: silentLogger,
      messaging,
      mail: createMailQueue(db),
      drivers: { sms: driver },
      pollMs: 50,
      batchSize: 10,
    }),
  };
}

describe('two nodes on PostgreSQL', () => {
  it(`send each of ${MESSAGES} texts exactly once`, async () => {
    const sends = new Map<string, string[]>();
    const nodes = [node(first, 'A', sends), node(second, 'B', sends)];
    for (let index = 0; index < MESSAGES; index++) {
      const phone = `+2348035${String(index).padStart(6, '0')}`;
      await grantConsent(first, phone, 'sms', { source: 'test' });
      // Queued on either node, as requests land on either.
      const { messaging } = nodes[index % 2]!;
      await messaging.queue(index % 2 ? second : first, {
        template: 'request_received',
        params: {
          reference: `APT-${String(index).padStart(5, '0')}`,
          link: 'ilera.example/dashboard',
          noun: 'appointment',
        },
        phoneE164: phone,
        fallbackEmail: null,
        name: 'Ada',
      });
      messaging.notifyQueued();
    }
    const sentRows = async () =>
      Number(
        (
          await first
            .selectFrom('outbound_messages')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where('status', '=', 'sent')
            .executeTakeFirstOrThrow()
        ).count,
      );
    await waitFor(async () => (await sentRows()) === MESSAGES, 60_000, `${MESSAGES} texts sent`);
    await Promise.all(nodes.map(({ worker }) => worker.stop()));

    const byNode = { A: 0, B: 0 };
    for (const senders of sends.values()) for (const sender of senders) byNode[sender as 'A' | 'B']++;
    expect(sends.size).toBe(MESSAGES);
    expect([...sends.values()].filter((senders) => senders.length > 1)).toEqual([]);
    // Both nodes took part: the claims really raced.
    expect(byNode.A).toBeGreaterThan(0);
    expect(byNode.B).toBeGreaterThan(0);
    expect(byNode.A + byNode.B).toBe(MESSAGES);
  }, 120_000);
});
