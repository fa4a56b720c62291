import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_NEEDS_MOBILE_MESSAGE, CONSENT_WORDING_VERSION } from '../../../shared/messaging/consent';
import { post, startFormsServer, validInput } from '../trpc/routers/forms-fixtures';

let server: Awaited<ReturnType<typeof startFormsServer>>;
beforeAll(async () => {
  server = await startFormsServer({ RATE_LIMIT_FORMS_PER_MINUTE: '10000' });
});
afterAll(() => server.close());

let n = 0;
/** An appointment from its own number, so each test reads only its own rows. */
function appointment(phone: string, boxes: Record<string, unknown>) {
  return post(server.baseUrl, 'submitAppointment', {
    ...validInput.submitAppointment(),
    email: `consent${++n}@example.com`,
    phone,
    idempotencyKey: randomBytes(18).toString('base64url'),
    ...boxes,
  });
}

const consentsOf = (phone: string) =>
  server.db.selectFrom('message_consents').selectAll().where('phone_e164', '=', phone).execute();
const textsTo = (phone: string) =>
  server.db.selectFrom('outbound_messages').selectAll().where('recipient', '=', phone).execute();

describe('the consent boxes on a submitted appointment (issue #27.5)', () => {
  it('SMS ticked beside a mobile: a granted consent with the wording version, and one receipt text queued', async () => {
    const answer = await appointment('0803 100 0001', { smsConsent: true });
    expect(answer.status).toBe(200);
    const request = await server.db
      .selectFrom('requests')
      .select('id')
      .where('reference', '=', answer.json.result.data.reference as string)
      .executeTakeFirstOrThrow();
    expect(await consentsOf('+2348031000001')).toEqual([
      expect.objectContaining({
        channel: 'sms',
        action: 'granted',
        wording_version: CONSENT_WORDING_VERSION,
        source: 'appointment form',
        request_id: request.id,
      }),
    ]);
    expect(await textsTo('+2348031000001')).toEqual([
      expect.objectContaining({ template: 'request_received', channel: 'sms', request_id: request.id }),
    ]);
  });

  it('both boxes left unticked: no consent stored and no text queued, the request stored all the same', async () => {
    const answer = await appointment('0803 100 0002', {});
    expect(answer.status).toBe(200);
    expect(await consentsOf('+2348031000002')).toEqual([]);
    expect(await textsTo('+2348031000002')).toEqual([]);
  });

  it('a box ticked beside a landline is refused on that box, and nothing is stored', async () => {
    const email = `landline${++n}@example.com`;
    const answer = await post(server.baseUrl, 'submitAppointment', {
      ...validInput.submitAppointment(),
      email,
      phone: '01 234 5678',
      smsConsent: 'on',
      idempotencyKey: randomBytes(18).toString('base64url'),
    });
    expect(answer.status).toBe(400);
    expect(answer.json.error.data.fieldErrors).toEqual({ smsConsent: [CONSENT_NEEDS_MOBILE_MESSAGE] });
    expect(await server.db.selectFrom('requests').select('id').where('email', '=', email).execute()).toEqual([]);
    expect(await server.db.selectFrom('appointments').select('id').where('email', '=', email).execute()).toEqual([]);
    expect(await consentsOf('+23412345678')).toEqual([]);
    expect(await server.db.selectFrom('outbound_messages').select('id').execute()).not.toContainEqual(
      expect.objectContaining({ recipient: '+23412345678' }),
    );
  });
});
