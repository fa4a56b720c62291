import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../../server/data/users';
import { codeOf, startStaffWorld } from './staff-fixtures';

let world: Awaited<ReturnType<typeof startStaffWorld>>;
beforeEach(async () => {
  world = await startStaffWorld();
});
afterEach(() => world.close());

/** A confirmed patient account whose address is `patient<n>@example.com`, in the case given. */
async function patientFor(n: number, email = `patient${n}@example.com`, confirmed = true) {
  const row = await users.create(world.db, { email, fullName: `Patient ${n}`, passwordHash: 'x', confirmed });
  return world.callerFor({ id: row.id, email: row.email, fullName: row.full_name, role: 'patient' });
}

describe("a patient's requests (issue #13)", () => {
  it('lists requests sent with the confirmed address, ignoring case, with status and the staff message only', async () => {
    const { caller: agent } = await world.person('agent');
    const mine = await world.submit('appointment', 7001);
    await world.submit('service_order', 7002);
    await agent.staff.addNote({ id: mine.id, body: 'Internal: VIP' });
    await agent.staff.setStatus({
      id: mine.id,
      status: 'confirmed',
      confirmedDate: '2026-12-01',
      confirmedTime: '10:00',
      message: 'See you.',
    });
    const patient = await patientFor(7001, 'PATIENT7001@Example.COM');
    const answer = await patient.patient.requests();
    expect(answer.confirmed).toBe(true);
    expect(answer.requests).toEqual([
      expect.objectContaining({
        reference: mine.reference,
        status: 'confirmed',
        confirmedFor: '2026-12-01T10:00',
        staffMessage: 'See you.',
        mayCancel: false,
      }),
    ]);
    expect(JSON.stringify(answer)).not.toContain('VIP');
    expect(JSON.stringify(answer)).not.toMatch(/owner/i);
  });

  it('an unconfirmed address sees nothing yet; anonymous callers are refused', async () => {
    await world.submit('appointment', 7003);
    const unconfirmed = await patientFor(7003, undefined, false);
    expect(await unconfirmed.patient.requests()).toMatchObject({ confirmed: false, requests: [] });
    expect(await codeOf(world.callerFor(null).patient.requests())).toBe('UNAUTHORIZED');
    expect(await codeOf(world.callerFor(null).patient.cancelRequest({ id: 1 }))).toBe('UNAUTHORIZED');
  });

  it('patient A can never read or cancel patient B’s requests, whatever id is guessed', async () => {
    const first = await world.submit('appointment', 7004);
    const second = await world.submit('appointment', 7005);
    const patientA = await patientFor(7004);
    const patientB = await patientFor(7005);
    expect((await patientA.patient.requests()).requests.map((request) => request.id)).toEqual([first.id]);
    expect((await patientB.patient.requests()).requests.map((request) => request.id)).toEqual([second.id]);
    for (let id = 1; id <= second.id + 5; id++) {
      if (id === first.id) continue;
      expect(await codeOf(patientA.patient.cancelRequest({ id }))).toBe('NOT_FOUND');
    }
    const untouched = await world.db
      .selectFrom('requests')
      .select('status')
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(untouched.status).toBe('new');
  });

  it('cancels their own unconfirmed appointment: history, mail, audit, live inbox; not once confirmed or not an appointment', async () => {
    const { caller: agent } = await world.person('agent');
    const appointment = await world.submit('appointment', 7006);
    const confirmedOne = await world.submit('appointment', 7006);
    const order = await world.submit('service_order', 7006);
    await agent.staff.setStatus({
      id: confirmedOne.id,
      status: 'confirmed',
      confirmedDate: '2026-12-02',
      confirmedTime: '09:00',
    });
    const patient = await patientFor(7006);
    world.announced.length = 0;
    expect(await codeOf(patient.patient.cancelRequest({ id: appointment.id }))).toBe('OK');
    expect(await codeOf(patient.patient.cancelRequest({ id: appointment.id }))).toBe('BAD_REQUEST');
    expect(await codeOf(patient.patient.cancelRequest({ id: confirmedOne.id }))).toBe('BAD_REQUEST');
    expect(await codeOf(patient.patient.cancelRequest({ id: order.id }))).toBe('BAD_REQUEST');
    const detail = await agent.staff.request({ id: appointment.id });
    expect(detail.row.status).toBe('cancelled');
    expect(detail.cancelReason).toBe('Cancelled by the patient.');
    expect(detail.events.at(-1)).toMatchObject({ kind: 'status', actorKind: 'patient', toStatus: 'cancelled' });
    expect(world.announced).toEqual([
      { kind: 'changed', row: expect.objectContaining({ id: appointment.id, status: 'cancelled' }) },
    ]);
    const mail = await world.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'kind'])
      .where('kind', '=', 'request_cancelled')
      .execute();
    expect(mail).toEqual([{ to_address: 'patient7006@example.com', kind: 'request_cancelled' }]);
    const audit = await world.db
      .selectFrom('audit_events')
      .select('subject')
      .where('type', '=', 'request.patient_cancel')
      .execute();
    expect(audit).toEqual([{ subject: `request:${appointment.id}` }]);
  });
});
