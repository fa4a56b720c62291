/**
 * A form whose database write fails (issue #26.3): the fault is the test's (tests/helpers/write-faults.ts, an insert
 * that fails inside the transaction); the product has no switch for it, so no request can turn one on.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app';
import type { AppDatabase } from '../../../../server/db/database';
import { testServices } from '../../../helpers/test-services';
import { loadEnv } from '../../../../server/env';
import { createLogger } from '../../../../server/logger';
import { createTestDb } from '../../../helpers/test-db';
import { faultKey, withWriteFaults } from '../../../helpers/write-faults';
import { count, post, procedures, tableOf, validInput } from './forms-fixtures';

async function serve(nodeEnv: 'production' | 'development' | 'test', appDb: (db: AppDatabase) => AppDatabase) {
  const db = await createTestDb();
  const app = createApp(
    testServices({
      env: loadEnv({ NODE_ENV: nodeEnv, LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' }),
      db: appDb(db),
      logger: createLogger('silent'),
    }),
    { version: 'test' },
  );
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    db,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await db.destroy();
    },
  };
}

describe('a form whose write fails', () => {
  it.each(procedures)('%s fails with a generic 500 and stores nothing', async (procedure) => {
    const server = await serve('test', withWriteFaults);
    try {
      const response = await post(server.baseUrl, procedure, {
        ...validInput[procedure](),
        idempotencyKey: faultKey('error'),
      });
      expect(response.status).toBe(500);
      expect(response.json.error.message).toBe('Something went wrong on our side. Please try again.');
      expect(response.text).not.toContain('Injected');
      expect(await count(server.db, tableOf[procedure])).toBe(0);
    } finally {
      await server.close();
    }
  });

  // The header that was once a test-only switch (x-test-fault) is an ordinary header in every mode.
  it.each(['production', 'development', 'test'] as const)(
    'cannot be caused by a request when NODE_ENV=%s: the header is ignored and the row is stored',
    async (nodeEnv) => {
      const server = await serve(nodeEnv, (db) => db);
      try {
        for (const procedure of procedures) {
          const response = await post(server.baseUrl, procedure, validInput[procedure](), {
            'x-test-fault': 'forms',
          });
          expect(response.status).toBe(200);
          expect(await count(server.db, tableOf[procedure])).toBe(1);
        }
      } finally {
        await server.close();
      }
    },
  );
});
