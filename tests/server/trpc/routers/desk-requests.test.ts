/**
 * The front desk's request handling (issue #29.5–7) through the staff router, on both engines: claim with the first
 * status change, take over with a notice, admin reopen, bulk changes in one transaction, the call log, and the inbox's
 * open view sorted by what is due.
 */
import { TRPCError } from '@trpc/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lagosToday } from '../../../../shared/lagos-date';
import { codeOf, startStaffWorld } from './staff-fixtures';

let world: Awaited<ReturnType<typeof startStaffWorld>>;
beforeEach(async () => {
  world = await startStaffWorld();
});
afterEach(() => world.close());

const messageOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'OK',
    (error: unknown) => (error instanceof TRPCError ? error.message : String(error)),
  );
const ownerOf = async (id: number) =>
  (await world.db.selectFrom('requests').select('owner_id').where('id', '=', id).executeTakeFirstOrThrow()).owner_id;
const auditsOf = (type: string) =>
  world.db.selectFrom('audit_events').select(['subject', 'detail']).where('type', '=', type).execute();

describe('a request in fewer clicks (issue #29.5)', () => {
  it("the first status change claims an unowned request, and leaves a colleague's alone", async () => {
    const ada = await world.person('agent', 'Ada Eze');
    const bola = await world.person('agent', 'Bola Ade');
    const unowned = await world.submit('appointment');
    const owned = await world.submit('service_order');
    await bola.caller.staff.claim({ id: owned.id });

    const moved = await ada.caller.staff.setStatus({ id: unowned.id, status: 'in_progress' });
    expect(moved).toMatchObject({ status: 'in_progress', ownerId: ada.user.id, ownerName: 'Ada Eze' });
    const history = (await ada.caller.staff.request({ id: unowned.id })).events.map((event) => event.kind);
    expect(history).toEqual(['created', 'assigned', 'status']);

    await ada.caller.staff.setStatus({ id: owned.id, status: 'in_progress' });
    expect(await ownerOf(owned.id)).toBe(bola.user.id);
  });

  it('prefills Confirm with the preferred date, and names the date for other types as none', async () => {
    const ada = await world.person('agent');
    const appointment = await world.submit('appointment');
    const order = await world.submit('service_order');
    expect((await ada.caller.staff.request({ id: appointment.id })).preferred).toEqual({
      date: lagosToday(),
      time: null,
    });
    expect((await ada.caller.staff.request({ id: order.id })).preferred).toEqual({ date: null, time: null });
  });

  it("asks 'Take over from <colleague>?' and takes over only when told whom from; the colleague is told", async () => {
    const ada = await world.person('agent', 'Ada Eze');
    const bola = await world.person('agent', 'Bola Ade');
    const { id } = await world.submit('appointment');
    await bola.caller.staff.claim({ id });

    expect(await messageOf(ada.caller.staff.claim({ id }))).toBe('Take over from Bola Ade?');
    // Someone else since: the question names the owner now.
    expect(await messageOf(ada.caller.staff.claim({ id, takeOverFrom: ada.user.id + 1000 }))).toBe(
      'Take over from Bola Ade?',
    );
    expect(await ownerOf(id)).toBe(bola.user.id);

    const taken = await ada.caller.staff.claim({ id, takeOverFrom: bola.user.id });
    expect(taken).toMatchObject({ ownerId: ada.user.id });
    const last = (await ada.caller.staff.request({ id })).events.at(-1);
    expect(last).toMatchObject({ kind: 'assigned', ownerName: 'Ada Eze', body: 'Taken over from Bola Ade.' });
    expect(world.announced.filter((change) => change.kind === 'taken')).toEqual([
      { kind: 'taken', row: expect.objectContaining({ id }), fromUserId: bola.user.id, byName: 'Ada Eze' },
    ]);
    // Claiming one's own, or an unowned one, asks nothing and tells no one.
    expect(await codeOf(ada.caller.staff.claim({ id }))).toBe('OK');
    expect(world.announced.filter((change) => change.kind === 'taken')).toHaveLength(1);
  });

  it('an admin reopens a Done or Cancelled request to In progress, in its history and audited; an agent cannot', async () => {
    const admin = await world.person('admin');
    const agent = await world.person('agent');
    const { id } = await world.submit('service_order');
    await agent.caller.staff.setStatus({ id, status: 'cancelled', reason: 'Asked twice' });

    expect(await codeOf(agent.caller.staff.reopen({ id }))).toBe('FORBIDDEN');
    const reopened = await admin.caller.staff.reopen({ id });
    expect(reopened.status).toBe('in_progress');
    const detail = await admin.caller.staff.request({ id });
    expect(detail.events.at(-1)).toMatchObject({ kind: 'status', fromStatus: 'cancelled', toStatus: 'in_progress' });
    expect(detail.nextStatuses).toEqual(['confirmed', 'cancelled']);
    expect(await auditsOf('request.reopen')).toEqual([{ subject: `request:${id}`, detail: '{"from":"cancelled"}' }]);
    expect(await messageOf(admin.caller.staff.reopen({ id }))).toBe(
      'Only a Done or Cancelled request can be reopened.',
    );
  });
});

describe('bulk changes (issue #29.7)', () => {
  it('sets a status on every selected request in one transaction, each audited; one that cannot move undoes all', async () => {
    const agent = await world.person('agent');
    const a = await world.submit('service_order');
    const b = await world.submit('trip_plan');
    const c = await world.submit('job_application');
    const appointment = await world.submit('appointment');
    await agent.caller.staff.bulkSetStatus({ ids: [a.id, b.id], status: 'in_progress' });
    await agent.caller.staff.bulkSetStatus({ ids: [a.id, b.id], status: 'confirmed' });
    expect(await messageOf(agent.caller.staff.bulkSetStatus({ ids: [a.id, b.id, c.id], status: 'done' }))).toBe(
      `${c.reference} cannot go from 'New' to 'Done'. Nothing was changed.`,
    );
    expect(
      await messageOf(agent.caller.staff.bulkSetStatus({ ids: [c.id, appointment.id], status: 'confirmed' })),
    ).toBe(
      `${appointment.reference} is an appointment: confirm it on its page, with its date and time. Nothing was changed.`,
    );
    const rows = await world.db.selectFrom('requests').select(['id', 'status', 'owner_id']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: a.id, status: 'confirmed', owner_id: agent.user.id },
      { id: b.id, status: 'confirmed', owner_id: agent.user.id },
      { id: c.id, status: 'new', owner_id: null },
      { id: appointment.id, status: 'new', owner_id: null },
    ]);
    const done = await agent.caller.staff.bulkSetStatus({ ids: [a.id, b.id], status: 'done' });
    expect(done.map((row) => row.status)).toEqual(['done', 'done']);
    expect((await auditsOf('request.status')).map((row) => row.subject)).toEqual(
      [1, 2, 3].flatMap(() => [`request:${a.id}`, `request:${b.id}`]),
    );
  });

  it('cancels every selected request with one reason, which goes to each patient; a closed one undoes all', async () => {
    const agent = await world.person('agent');
    const a = await world.submit('service_order');
    const b = await world.submit('appointment');
    const done = await world.submit('trip_plan');
    await agent.caller.staff.bulkSetStatus({ ids: [done.id], status: 'in_progress' });
    await agent.caller.staff.bulkSetStatus({ ids: [done.id], status: 'confirmed' });
    await agent.caller.staff.bulkSetStatus({ ids: [done.id], status: 'done' });
    expect(
      await messageOf(agent.caller.staff.bulkCancel({ ids: [a.id, b.id, done.id], reason: 'We are fully booked' })),
    ).toBe(`${done.reference} cannot go from 'Done' to 'Cancelled'. Nothing was changed.`);
    expect(await messageOf(agent.caller.staff.bulkCancel({ ids: [a.id], reason: '  ' }))).toContain('Enter a reason.');
    expect(await world.db.selectFrom('requests').select('status').where('id', 'in', [a.id, b.id]).execute()).toEqual([
      { status: 'new' },
      { status: 'new' },
    ]);
    const rows = await agent.caller.staff.bulkCancel({ ids: [a.id, b.id], reason: 'We are fully booked' });
    expect(rows.map((row) => [row.id, row.status, row.ownerName])).toEqual([
      [a.id, 'cancelled', agent.user.fullName],
      [b.id, 'cancelled', agent.user.fullName],
    ]);
    const stored = await world.db
      .selectFrom('requests')
      .select(['cancel_reason', 'email'])
      .where('id', 'in', [a.id, b.id])
      .orderBy('id')
      .execute();
    expect(stored.map((row) => row.cancel_reason)).toEqual(['We are fully booked', 'We are fully booked']);
    const mails = await world.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'text_body'])
      .where(
        'to_address',
        'in',
        stored.map((row) => row.email),
      )
      .execute();
    expect(
      mails
        .filter((mail) => mail.text_body.includes('We are fully booked'))
        .map((mail) => mail.to_address)
        .sort(),
    ).toEqual(stored.map((row) => row.email).sort());
    expect(
      (await auditsOf('request.status')).filter((row) => JSON.stringify(row.detail).includes('cancelled')),
    ).toHaveLength(2);
  });

  it('assigns every selected request to a colleague, each in its history and audited', async () => {
    const agent = await world.person('agent');
    const colleague = await world.person('agent', 'Chidi Obi');
    const ids = [(await world.submit('appointment')).id, (await world.submit('trip_plan')).id];
    const rows = await agent.caller.staff.bulkAssign({ ids, ownerId: colleague.user.id });
    expect(rows.map((row) => row.ownerName)).toEqual(['Chidi Obi', 'Chidi Obi']);
    expect((await auditsOf('request.assign')).map((row) => row.subject)).toEqual(ids.map((id) => `request:${id}`));
    const patient = await world.person('patient');
    expect(await codeOf(agent.caller.staff.bulkAssign({ ids, ownerId: patient.user.id }))).toBe('BAD_REQUEST');
    expect(await codeOf(agent.caller.staff.bulkAssign({ ids: [], ownerId: null }))).toBe('BAD_REQUEST');
  });
});

describe('call log (issue #29.7)', () => {
  it('logs the outcome and the next try, shown in the history and in the inbox row; the next call replaces it', async () => {
    const agent = await world.person('agent', 'Ada Eze');
    const { id } = await world.submit('appointment');
    const row = await agent.caller.staff.logCall({
      id,
      outcome: 'no_answer',
      nextTryDate: '2026-12-01',
      nextTryTime: '14:30',
    });
    expect(row.nextCallAt).toBe('2026-12-01T13:30:00.000Z');
    const inbox = await agent.caller.staff.inbox({ status: 'open' });
    expect(inbox.rows.find((item) => item.id === id)?.nextCallAt).toBe('2026-12-01T13:30:00.000Z');
    await agent.caller.staff.logCall({ id, outcome: 'reached' });
    const detail = await agent.caller.staff.request({ id });
    expect(detail.calls).toEqual([
      expect.objectContaining({ outcome: 'no_answer', nextTryFor: '2026-12-01T14:30', actorName: 'Ada Eze' }),
      expect.objectContaining({ outcome: 'reached', nextTryFor: null, actorName: 'Ada Eze' }),
    ]);
    expect(detail.row.nextCallAt).toBeNull();
    expect((await auditsOf('request.call')).length).toBe(2);
    const half = await agent.caller.staff
      .logCall({ id, outcome: 'reached', nextTryDate: '2026-12-01' })
      .catch((e: unknown) => e);
    expect((half as TRPCError).code).toBe('BAD_REQUEST');
  });
});

describe('the inbox for triage (issue #29.6)', () => {
  it('the open view lists New, In progress and Confirmed appointments still ahead, by what is due', async () => {
    const agent = await world.person('agent');
    const oldest = await world.submit('service_order');
    const soon = await world.submit('appointment');
    const past = await world.submit('appointment');
    const later = await world.submit('appointment');
    const done = await world.submit('trip_plan');
    const newest = await world.submit('job_application');
    const inAnHour = new Date(Date.now() + 3_600_000 + 3_600_000);
    const wallClock = (at: Date) => at.toISOString().slice(0, 16);
    const confirm = (id: number, at: Date) =>
      agent.caller.staff.setStatus({
        id,
        status: 'confirmed',
        confirmedDate: wallClock(at).slice(0, 10),
        confirmedTime: wallClock(at).slice(11),
      });
    // Lagos wall-clock is UTC+1: an hour from now is UTC + 2 h in these fields.
    await confirm(soon.id, inAnHour);
    await confirm(past.id, new Date(Date.now() - 86_400_000));
    await confirm(later.id, new Date(Date.now() + 30 * 86_400_000));
    await agent.caller.staff.setStatus({ id: done.id, status: 'in_progress' });
    await agent.caller.staff.setStatus({ id: done.id, status: 'confirmed' });
    await agent.caller.staff.setStatus({ id: done.id, status: 'done' });

    const open = await agent.caller.staff.inbox({ status: 'open' });
    // The rest by age (oldest first); an appointment by its time: in an hour comes after requests made minutes ago.
    expect(open.rows.map((row) => row.id)).toEqual([oldest.id, newest.id, soon.id, later.id]);
    expect(open.responseTargetHours).toBe(4);
    expect(open.extraClosedDates).toEqual(world.env.SUPPORT_HOLIDAYS);
    // Every status and 'all' list newest first, as before.
    expect((await agent.caller.staff.inbox({ status: 'all' })).rows.map((row) => row.id)).toEqual([
      newest.id,
      done.id,
      later.id,
      past.id,
      soon.id,
      oldest.id,
    ]);

    const seen: number[] = [];
    let cursor: number | string | undefined;
    do {
      const page = await agent.caller.staff.inbox({ status: 'open', limit: 1, cursor });
      seen.push(...page.rows.map((row) => row.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([oldest.id, newest.id, soon.id, later.id]);
  });
});
