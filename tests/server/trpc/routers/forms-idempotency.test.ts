import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, post, procedures, startFormsServer, tableOf, validInput } from './forms-fixtures';

let server: Awaited<ReturnType<typeof startFormsServer>>;
beforeAll(async () => {
  server = await startFormsServer({ RATE_LIMIT_FORMS_PER_MINUTE: '10000' });
});
afterAll(() => server.close());

const newKey = () => randomBytes(18).toString('base64url');

describe('idempotent submissions (issue #11.9)', () => {
  it.each(procedures)(
    '%s: a retry with the same key returns the same reference and stores one row',
    async (procedure) => {
      const before = await count(server.db, tableOf[procedure]);
      const input = { ...validInput[procedure](), idempotencyKey: newKey() };
      const first = await post(server.baseUrl, procedure, input);
      const retry = await post(server.baseUrl, procedure, input);
      expect(first.status).toBe(200);
      expect(retry.status).toBe(200);
      expect(retry.json.result.data.reference).toBe(first.json.result.data.reference);
      expect(await count(server.db, tableOf[procedure])).toBe(before + 1);
    },
  );

  it.each(procedures)(
    '%s: 10 concurrent sends of one key store one row and all get its reference',
    async (procedure) => {
      const before = await count(server.db, tableOf[procedure]);
      const input = { ...validInput[procedure](), idempotencyKey: newKey() };
      const answers = await Promise.all(Array.from({ length: 10 }, () => post(server.baseUrl, procedure, input)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      expect(new Set(answers.map((answer) => answer.json.result.data.reference)).size).toBe(1);
      expect(await count(server.db, tableOf[procedure])).toBe(before + 1);
    },
  );

  it('stores a new submission with a new key as a new row', async () => {
    const before = await count(server.db, 'appointments');
    const input = validInput.submitAppointment();
    const first = await post(server.baseUrl, 'submitAppointment', { ...input, idempotencyKey: newKey() });
    const second = await post(server.baseUrl, 'submitAppointment', { ...input, idempotencyKey: newKey() });
    expect(second.json.result.data.reference).not.toBe(first.json.result.data.reference);
    expect(await count(server.db, 'appointments')).toBe(before + 2);
  });

  it('still tells a different submission of a subscribed address that it is a duplicate', async () => {
    const input = validInput.subscribeNewsletter();
    expect((await post(server.baseUrl, 'subscribeNewsletter', { ...input, idempotencyKey: newKey() })).status).toBe(
      200,
    );
    expect((await post(server.baseUrl, 'subscribeNewsletter', { ...input, idempotencyKey: newKey() })).status).toBe(
      409,
    );
  });

  it('refuses a malformed key with 400 and stores nothing', async () => {
    const before = await count(server.db, 'trip_plans');
    const answer = await post(server.baseUrl, 'submitTripPlan', {
      ...validInput.submitTripPlan(),
      idempotencyKey: 'not a key',
    });
    expect(answer.status).toBe(400);
    expect(await count(server.db, 'trip_plans')).toBe(before);
  });
});
