import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultKey } from '../../../helpers/write-faults';
import { post, procedures, startFormsServer, tableOf, validInput, type Procedure } from './forms-fixtures';

let server: Awaited<ReturnType<typeof startFormsServer>>;
beforeAll(async () => {
  server = await startFormsServer({ RATE_LIMIT_FORMS_PER_MINUTE: '10000' });
});
afterAll(() => server.close());

const requestForms = procedures.filter((procedure) => procedure !== 'subscribeNewsletter');
const newKey = () => randomBytes(18).toString('base64url');

const receiptsFor = (reference: string) =>
  server.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'kind'])
    .where('kind', '=', 'request_received')
    .where('subject', 'like', `%(${reference})`)
    .execute();

const inboxRow = (reference: string) =>
  server.db.selectFrom('requests').selectAll().where('reference', '=', reference).executeTakeFirst();

describe('request forms enter the staff inbox and queue the patient receipt (issue #13)', () => {
  it.each(requestForms)('%s: one inbox row (New) and one receipt to the address given', async (procedure) => {
    const input = { ...validInput[procedure](), email: `Patient.${procedure}@Example.com` };
    const answer = await post(server.baseUrl, procedure, input);
    expect(answer.status).toBe(200);
    const reference = answer.json.result.data.reference as string;
    const row = await inboxRow(reference);
    expect(row).toMatchObject({ status: 'new', owner_id: null, email: input.email });
    const submission = await server.db
      .selectFrom(tableOf[procedure])
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(row!.submission_id).toBe(submission.id);
    const events = await server.db.selectFrom('request_events').selectAll().where('request_id', '=', row!.id).execute();
    expect(events.map((event) => [event.kind, event.to_status])).toEqual([['created', 'new']]);
    expect(await receiptsFor(reference)).toEqual([
      expect.objectContaining({ to_address: input.email, kind: 'request_received' }),
    ]);
  });

  it.each(requestForms)('%s: a retry with the same key adds no inbox row and no second receipt', async (procedure) => {
    const input = { ...validInput[procedure](), idempotencyKey: newKey() };
    const first = await post(server.baseUrl, procedure, input);
    const retry = await post(server.baseUrl, procedure, input);
    const reference = first.json.result.data.reference as string;
    expect(retry.json.result.data.reference).toBe(reference);
    expect(await receiptsFor(reference)).toHaveLength(1);
    const rows = await server.db.selectFrom('requests').select('id').where('reference', '=', reference).execute();
    expect(rows).toHaveLength(1);
  });

  it.each(requestForms)('%s: a bot (honeypot filled) stores nothing and is mailed nothing', async (procedure) => {
    const answer = await post(server.baseUrl, procedure, { ...validInput[procedure](), website: 'spam.example' });
    expect(answer.status).toBe(200);
    const reference = answer.json.result.data.reference as string;
    expect(await inboxRow(reference)).toBeUndefined();
    expect(await receiptsFor(reference)).toHaveLength(0);
  });

  it('a failing database stores neither the request nor its receipt', async () => {
    const procedure: Procedure = 'submitAppointment';
    const before = await server.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const answer = await post(server.baseUrl, procedure, {
      ...validInput[procedure](),
      idempotencyKey: faultKey('busy'),
    });
    expect(answer.status).toBe(503);
    const after = await server.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(before.count));
  });

  it('the newsletter is not a request: no inbox row, no receipt', async () => {
    const answer = await post(server.baseUrl, 'subscribeNewsletter', validInput.subscribeNewsletter());
    const reference = answer.json.result.data.reference as string;
    expect(await inboxRow(reference)).toBeUndefined();
    expect(await receiptsFor(reference)).toHaveLength(0);
  });
});
