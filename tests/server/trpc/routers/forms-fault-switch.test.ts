import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app';
import { loadEnv } from '../../../../server/env';
import { createLogger } from '../../../../server/logger';
import { FORMS_FAULT_HEADER } from '../../../../server/trpc/routers/forms';
import { createTestDb } from '../../../helpers/test-db';
import { count, post, procedures, tableOf, validInput } from './forms-fixtures';

async function serve(nodeEnv: 'production' | 'development' | 'test') {
  const db = await createTestDb();
  const app = createApp({
    env: loadEnv({ NODE_ENV: nodeEnv, LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' }),
    db,
    logger: createLogger('silent'),
    version: 'test',
  });
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

describe('the test-only fault switch', () => {
  it.each(procedures)('%s fails with a generic 500 under NODE_ENV=test when the header asks', async (procedure) => {
    const server = await serve('test');
    try {
      const response = await post(server.baseUrl, procedure, validInput[procedure](), {
        [FORMS_FAULT_HEADER]: 'forms',
      });
      expect(response.status).toBe(500);
      expect(response.json.error.message).toBe('Something went wrong on our side. Please try again.');
      expect(response.text).not.toContain('Injected');
      expect(await count(server.db, tableOf[procedure])).toBe(0);
    } finally {
      await server.close();
    }
  });

  it.each(['production', 'development'] as const)(
    'cannot be enabled when NODE_ENV=%s: the header is ignored and the row is stored',
    async (nodeEnv) => {
      const server = await serve(nodeEnv);
      try {
        for (const procedure of procedures) {
          const response = await post(server.baseUrl, procedure, validInput[procedure](), {
            [FORMS_FAULT_HEADER]: 'forms',
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
