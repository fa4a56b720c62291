import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, post, procedures, startFormsServer, tableOf, validInput } from './forms-fixtures';

let server: Awaited<ReturnType<typeof startFormsServer>>;
beforeAll(async () => {
  server = await startFormsServer({ RATE_LIMIT_FORMS_PER_MINUTE: '3' });
});
afterAll(() => server.close());

describe('rate limit per IP and per form', () => {
  it.each(procedures)(
    '%s answers the 4th submission in a minute with 429, Retry-After and a message',
    async (procedure) => {
      for (let index = 0; index < 3; index++)
        expect((await post(server.baseUrl, procedure, validInput[procedure]())).status).toBe(200);
      const before = await count(server.db, tableOf[procedure]);
      const response = await post(server.baseUrl, procedure, validInput[procedure]());
      expect(response.status).toBe(429);
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(response.json.error.message).toMatch(
        /^You have sent this form too many times in a short time\. Please wait \d+ seconds? and try again\.$|minute/,
      );
      expect(response.json.error.data.retryAfterSeconds).toBe(retryAfter);
      expect(await count(server.db, tableOf[procedure])).toBe(before);
    },
  );

  it('counts each form separately (the limits above did not block a fresh form)', async () => {
    const fresh = await startFormsServer({ RATE_LIMIT_FORMS_PER_MINUTE: '1' });
    try {
      expect((await post(fresh.baseUrl, 'submitAppointment', validInput.submitAppointment())).status).toBe(200);
      expect((await post(fresh.baseUrl, 'submitTripPlan', validInput.submitTripPlan())).status).toBe(200);
      expect((await post(fresh.baseUrl, 'submitAppointment', validInput.submitAppointment())).status).toBe(429);
    } finally {
      await fresh.close();
    }
  });
});
