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
      /^attachment; filename="requests-\d{4}-\d{2}-\d{2}\.csv"$/,
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
});
