import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { post, validInput } from '../trpc/routers/forms-fixtures';
import { startChatHarness, type ChatHarness } from '../../helpers/socket-harness';

let harness: ChatHarness;
beforeEach(async () => {
  harness = await startChatHarness();
});
afterEach(() => harness.close());

const exportCsv = (query: string, cookie?: string) =>
  fetch(`${harness.baseUrl}/staff/export.csv${query}`, { headers: cookie ? { cookie } : {} });

describe('GET /staff/export.csv (issue #13)', () => {
  it('refuses anonymous callers (401) and patients (403), and names a bad filter field (400)', async () => {
    expect((await exportCsv('')).status).toBe(401);
    const patient = await harness.userSession('patient');
    expect((await exportCsv('', patient.cookie)).status).toBe(403);
    const agent = await harness.userSession('agent');
    const bad = await exportCsv('?status=lost', agent.cookie);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/^status: /);
  });

  it("exports the filter's rows with formulas neutralised, not cached, and audited", async () => {
    const agent = await harness.userSession('agent');
    await post(harness.baseUrl, 'submitAppointment', {
      ...validInput.submitAppointment(),
      fullName: '=HYPERLINK("x")',
    });
    await post(harness.baseUrl, 'submitServiceOrder', validInput.submitServiceOrder());
    const response = await exportCsv('?type=appointment', agent.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="requests-appointment-all-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Reference,Type,Status,Owner,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain('Appointment,New,');
    const audit = await harness.db
      .selectFrom('audit_events')
      .select(['type', 'detail'])
      .where('type', '=', 'requests.export')
      .execute();
    expect(audit).toEqual([{ type: 'requests.export', detail: '{"count":1,"type":"appointment"}' }]);
  });

  it('finds the rows by the number however written, and keeps the + and the leading 0 (issue #23.4)', async () => {
    const agent = await harness.userSession('agent');
    await post(harness.baseUrl, 'submitAppointment', { ...validInput.submitAppointment(), phone: '0803 123 4567' });
    await post(harness.baseUrl, 'submitServiceOrder', { ...validInput.submitServiceOrder(), phone: '0809 555 1212' });
    const response = await exportCsv(`?search=${encodeURIComponent('+234 803 123 4567')}`, agent.cookie);
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toContain(',Email,Phone,Phone (E.164),');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',"=""0803 123 4567""","=""+2348031234567""",');
  });

  it('names the file after its filter, writes Lagos times, the preferred time, the message and the notes (issue #29.7)', async () => {
    const agent = await harness.userSession('agent');
    await post(harness.baseUrl, 'submitAppointment', {
      ...validInput.submitAppointment(),
      preferredTime: '01-02 PM',
      message: 'Mornings are hard',
    });
    const row = await harness.db.selectFrom('requests').select(['id', 'created_at']).executeTakeFirstOrThrow();
    await harness.db
      .insertInto('request_events')
      .values({
        request_id: row.id,
        actor_kind: 'staff',
        kind: 'note',
        body: 'Prefers WhatsApp',
        created_at: row.created_at,
      })
      .execute();
    const response = await exportCsv('?status=open&owner=none&type=appointment', agent.cookie);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="requests-appointment-open-unassigned-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, line] = (await response.text()).trimEnd().split('\r\n');
    const cells = Object.fromEntries(header!.split(',').map((name, index) => [name, line!.split(',')[index]]));
    const lagos = new Date(Date.parse(row.created_at) + 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(cells).toMatchObject({
      'Received (Lagos)': lagos,
      'Preferred time': '01-02 PM',
      "Patient's message": 'Mornings are hard',
      'Internal notes': 'Prefers WhatsApp',
    });
  });
});
