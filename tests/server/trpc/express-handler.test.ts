/**
 * The lean handler (ADR 0009, kept by ADR 0013) gives tRPC's resolveResponse a small object
 * instead of a Fetch Request. This fails when a tRPC upgrade reads a Request member the
 * object lacks, for any kind of call the app serves.
 */
import { resolveResponse } from '@trpc/server/http';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../server/logger';
import { loadEnv } from '../../../server/env';
import { createInnerContext } from '../../../server/trpc/context';
import { testServices } from '../../helpers/test-services';
import { JsonCallRequest } from '../../../server/trpc/express-handler';
import { appRouter } from '../../../server/trpc/router';
import { createTestDb } from '../../helpers/test-db';
import { validInput } from './routers/forms-fixtures';

/** Records every member tRPC reads from the request, and whether the shim has it. */
function watched(request: JsonCallRequest, read: Set<PropertyKey>) {
  return new Proxy(request, {
    get(target, key, receiver) {
      read.add(key);
      const value = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const calls: { name: string; method: string; path: string; body: string }[] = [
  {
    name: 'a mutation with input',
    method: 'POST',
    path: 'forms.submitAppointment',
    body: JSON.stringify(validInput.submitAppointment()),
  },
  { name: 'a mutation refused by its schema', method: 'POST', path: 'forms.submitTripPlan', body: '{}' },
  { name: 'a query without input', method: 'GET', path: 'health.check', body: '' },
  { name: 'an unknown procedure', method: 'POST', path: 'forms.nothing', body: '{}' },
  { name: 'malformed JSON', method: 'POST', path: 'forms.subscribeNewsletter', body: '{"email":' },
  {
    name: 'a batched call',
    method: 'POST',
    path: 'forms.subscribeNewsletter,forms.subscribeNewsletter?batch=1',
    body: JSON.stringify({ 0: validInput.subscribeNewsletter(), 1: validInput.subscribeNewsletter() }),
  },
];

describe('the lean tRPC request object', () => {
  it.each(calls)('has every member tRPC reads for $name', async ({ method, path, body }) => {
    const db = await createTestDb();
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const read = new Set<PropertyKey>();
    const [procedurePath] = path.split('?');
    const shim = new JsonCallRequest(
      method,
      `http://internal/trpc/${path}`,
      ['content-type', 'application/json'],
      body,
      new AbortController().signal,
    );
    const response = await resolveResponse({
      router: appRouter,
      req: watched(shim, read) as unknown as Request,
      path: procedurePath!,
      error: null,
      createContext: () =>
        Promise.resolve(createInnerContext(testServices({ db, env, logger: createLogger('silent') }))),
    });
    expect(response.status).toBeGreaterThanOrEqual(200);
    const missing = [...read].filter((key) => typeof key === 'string' && !(key in shim));
    expect(missing).toEqual([]);
    expect(read.size).toBeGreaterThan(0);
    await db.destroy();
  });
});
