import { TRPCError } from '@trpc/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRouter } from '../../../../server/trpc/router';
import { codeOf, startStaffWorld } from './staff-fixtures';

let world: Awaited<ReturnType<typeof startStaffWorld>>;
beforeEach(async () => {
  world = await startStaffWorld();
});
afterEach(() => world.close());

const fieldErrorsOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    const cause = (error as TRPCError).cause as { issues?: { path: (string | number)[] }[] } | undefined;
    return (cause?.issues ?? []).map((issue) => issue.path.join('.'));
  }
  return [];
};

const staffProcedures = Object.keys(appRouter._def.procedures).filter((path) => path.startsWith('staff.'));

/** Calls a procedure of `caller` by its dotted path. */
const call = (caller: unknown, path: string, input: unknown) =>
  (path.split('.').reduce((node: any, key) => node[key], caller) as (input: unknown) => Promise<unknown>)(input); // eslint-disable-line @typescript-eslint/no-explicit-any

describe('access: every staff procedure refuses anonymous callers and patients', () => {
  it('lists the procedures it checks (so a new one cannot be forgotten)', () => {
    expect(staffProcedures.length).toBeGreaterThanOrEqual(16);
    expect(staffProcedures).toEqual(expect.arrayContaining(['staff.messages.list', 'staff.messages.withdrawConsent']));
  });

  it.each(staffProcedures)('%s: anonymous → UNAUTHORIZED, patient → FORBIDDEN, nothing changes', async (path) => {
    const { id } = await world.submit('appointment');
    const patient = await world.person('patient');
    const input = { id, ownerId: patient.user.id, status: 'cancelled', reason: 'x', body: 'x' };
    const before = await world.db.selectFrom('request_events').select('id').execute();
    expect(await codeOf(call(world.callerFor(null), path, input))).toBe('UNAUTHORIZED');
    expect(await codeOf(call(patient.caller, path, input))).toBe('FORBIDDEN');
    expect(await world.db.selectFrom('request_events').select('id').execute()).toEqual(before);
    expect(
      await world.db.selectFrom('requests').select(['status', 'owner_id']).where('id', '=', id).executeTakeFirst(),
    ).toEqual({
      status: 'new',
      owner_id: null,
    });
    const refusals = await world.db
      .selectFrom('audit_events')
      .select('subject')
      .where('type', '=', 'staff.access_refused')
      .execute();
    expect(refusals.map((row) => row.subject)).toContain(path);
  });
});

describe('inbox', () => {
  it('lists newest first with filters by type, status and owner, and counts New', async () => {
    const { caller, user } = await world.person('agent');
    const appointment = await world.submit('appointment');
    const order = await world.submit('service_order');
    const trip = await world.submit('trip_plan');
    const job = await world.submit('job_application');
    await caller.staff.claim({ id: order.id });
    await caller.staff.setStatus({ id: trip.id, status: 'in_progress' });

    const all = await caller.staff.inbox({});
    expect(all.rows.map((row) => row.id)).toEqual([job.id, trip.id, order.id, appointment.id]);
    expect(all.rows.find((row) => row.id === order.id)).toMatchObject({ ownerId: user.id, ownerName: user.fullName });
    expect((await caller.staff.inbox({ type: 'trip_plan' })).rows.map((row) => row.id)).toEqual([trip.id]);
    expect((await caller.staff.inbox({ status: 'in_progress' })).rows.map((row) => row.id)).toEqual([trip.id]);
    // The status change claimed the trip (issue #29.5).
    expect((await caller.staff.inbox({ owner: 'me' })).rows.map((row) => row.id)).toEqual([trip.id, order.id]);
    expect((await caller.staff.inbox({ owner: user.id })).rows.map((row) => row.id)).toEqual([trip.id, order.id]);
    expect((await caller.staff.inbox({ owner: 'none' })).rows).toHaveLength(2);
    expect(await caller.staff.newCount()).toBe(3);
  });

  it('filters by Lagos calendar day', async () => {
    const { caller } = await world.person('agent');
    const early = await world.submit('appointment');
    const late = await world.submit('appointment');
    // 23:30 UTC on 1 March is 00:30 on 2 March in Lagos.
    await world.db
      .updateTable('requests')
      .set({ created_at: '2026-03-01T23:30:00.000Z' })
      .where('id', '=', late.id)
      .execute();
    await world.db
      .updateTable('requests')
      .set({ created_at: '2026-03-01T22:30:00.000Z' })
      .where('id', '=', early.id)
      .execute();
    expect((await caller.staff.inbox({ from: '2026-03-02', to: '2026-03-02' })).rows.map((row) => row.id)).toEqual([
      late.id,
    ]);
    expect((await caller.staff.inbox({ to: '2026-03-01' })).rows.map((row) => row.id)).toEqual([early.id]);
  });

  it('searches reference, name, e-mail fragment and phone digits typed with spaces', async () => {
    const { caller } = await world.person('agent');
    const target = await world.submit('appointment', 4321);
    await world.submit('service_order', 1111);
    const found = async (search: string) => (await caller.staff.inbox({ search })).rows.map((row) => row.id);
    expect(await found(target.reference)).toEqual([target.id]);
    expect(await found(target.reference.slice(4))).toEqual([target.id]);
    expect(await found('Patient 4321')).toEqual([target.id]);
    expect(await found('patient4321@exa')).toEqual([target.id]);
    expect(await found('0803 123 4321')).toEqual([target.id]);
    expect(await found('08031234321')).toEqual([target.id]);
    expect(await found('"; drop table requests; --')).toEqual([]);
    expect(await found('Pa')).toHaveLength(2);
  });

  it('pages with a keyset cursor: no duplicates, no gaps', async () => {
    const { caller } = await world.person('agent');
    const ids: number[] = [];
    for (let n = 0; n < 120; n++) ids.push((await world.submit(n % 2 ? 'appointment' : 'job_application')).id);
    const seen: number[] = [];
    let cursor: number | string | undefined;
    do {
      const page = await caller.staff.inbox({ limit: 50, cursor });
      seen.push(...page.rows.map((row) => row.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });

  it('names the bad field', async () => {
    const { caller } = await world.person('agent');
    expect(await fieldErrorsOf(caller.staff.inbox({ status: 'lost' as never, from: '2026-02-30' }))).toEqual(
      expect.arrayContaining(['status', 'from']),
    );
  });
});

describe('a request', () => {
  it('shows every field and its history', async () => {
    const { caller } = await world.person('agent');
    const { id, reference } = await world.submit('service_order', 77);
    const detail = await caller.staff.request({ id });
    expect(detail.row.reference).toBe(reference);
    expect(detail.fields).toEqual(
      expect.arrayContaining([
        { label: 'Full name', value: 'Patient 77', kind: 'text' },
        { label: 'Service category', value: 'Home Care', kind: 'text' },
        { label: 'Message', value: 'Please call', kind: 'text' },
      ]),
    );
    expect(detail.events.map((event) => event.kind)).toEqual(['created']);
    expect(await codeOf(caller.staff.request({ id: id + 1000 }))).toBe('NOT_FOUND');
  });

  it('claim and assign record who and when; an unknown or deactivated owner is refused', async () => {
    const { caller, user } = await world.person('agent', 'Amaka Agent');
    const colleague = await world.person('admin', 'Bayo Admin');
    const gone = await world.person('agent');
    await world.db
      .updateTable('users')
      .set({ deactivated_at: new Date().toISOString() })
      .where('id', '=', gone.user.id)
      .execute();
    const patient = await world.person('patient');
    const { id } = await world.submit('appointment');
    expect(await caller.staff.claim({ id })).toMatchObject({ ownerId: user.id });
    expect(await caller.staff.assign({ id, ownerId: colleague.user.id })).toMatchObject({ ownerName: 'Bayo Admin' });
    expect(await codeOf(caller.staff.assign({ id, ownerId: gone.user.id }))).toBe('BAD_REQUEST');
    expect(await codeOf(caller.staff.assign({ id, ownerId: patient.user.id }))).toBe('BAD_REQUEST');
    expect(await caller.staff.assign({ id, ownerId: null })).toMatchObject({ ownerId: null });
    const history = (await caller.staff.request({ id })).events.filter((event) => event.kind === 'assigned');
    expect(history.map((event) => [event.actorName, event.ownerName])).toEqual([
      ['Amaka Agent', 'Amaka Agent'],
      ['Amaka Agent', 'Bayo Admin'],
      ['Amaka Agent', null],
    ]);
  });

  it('moves status only along the allowed paths, with a date to confirm an appointment and a reason to cancel', async () => {
    const { caller } = await world.person('agent');
    const { id } = await world.submit('appointment');
    expect(await codeOf(caller.staff.setStatus({ id, status: 'done' }))).toBe('BAD_REQUEST');
    expect(await codeOf(caller.staff.setStatus({ id, status: 'confirmed' }))).toBe('BAD_REQUEST');
    expect(await codeOf(caller.staff.setStatus({ id, status: 'cancelled' }))).toBe('BAD_REQUEST');
    expect(await fieldErrorsOf(caller.staff.setStatus({ id, status: 'confirmed', confirmedTime: '25:00' }))).toEqual([
      'confirmedTime',
    ]);
    await caller.staff.setStatus({ id, status: 'in_progress' });
    await caller.staff.setStatus({
      id,
      status: 'confirmed',
      confirmedDate: '2026-12-01',
      confirmedTime: '14:30',
      message: 'Come early.',
    });
    const detail = await caller.staff.request({ id });
    expect(detail).toMatchObject({
      confirmedFor: '2026-12-01T14:30',
      patientMessage: 'Come early.',
      nextStatuses: ['done', 'cancelled'],
    });
    await caller.staff.setStatus({ id, status: 'done' });
    expect(await codeOf(caller.staff.setStatus({ id, status: 'cancelled', reason: 'late' }))).toBe('BAD_REQUEST');
    const closed = await world.db
      .selectFrom('requests')
      .select('closed_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(closed.closed_at).not.toBeNull();
  });

  it('queues exactly one patient mail on Confirmed and on Cancelled, none on other moves', async () => {
    const { caller } = await world.person('agent');
    const appointment = await world.submit('appointment', 501);
    const order = await world.submit('service_order', 502);
    const mails = () =>
      world.db
        .selectFrom('mail_outbox')
        .select(['to_address', 'kind'])
        .where('kind', '!=', 'request_received')
        .execute();
    await caller.staff.setStatus({ id: appointment.id, status: 'in_progress' });
    expect(await mails()).toEqual([]);
    await caller.staff.setStatus({
      id: appointment.id,
      status: 'confirmed',
      confirmedDate: '2026-12-01',
      confirmedTime: '09:00',
    });
    await caller.staff.setStatus({ id: order.id, status: 'cancelled', reason: 'Not offered in Kano.' });
    await caller.staff.setStatus({ id: appointment.id, status: 'done' });
    expect(await mails()).toEqual([
      { to_address: 'patient501@example.com', kind: 'request_confirmed' },
      { to_address: 'patient502@example.com', kind: 'request_cancelled' },
    ]);
    const confirmed = await world.db
      .selectFrom('mail_outbox')
      .select('attachments')
      .where('kind', '=', 'request_confirmed')
      .executeTakeFirstOrThrow();
    expect(confirmed.attachments).toContain('BEGIN:VCALENDAR');
  });

  it('two staff changing the same request at once: one wins, the other gets CONFLICT', async () => {
    const first = await world.person('agent');
    const second = await world.person('agent');
    const { id } = await world.submit('service_order');
    world.holdWrites(2);
    const results = await Promise.all([
      codeOf(first.caller.staff.setStatus({ id, status: 'in_progress' })),
      codeOf(second.caller.staff.setStatus({ id, status: 'cancelled', reason: 'Duplicate' })),
    ]);
    expect(results.sort()).toEqual(['CONFLICT', 'OK']);
  });

  it('notes and messages go into the history; every write is audited and announced after commit', async () => {
    const { caller, user } = await world.person('agent');
    const { id } = await world.submit('trip_plan');
    world.announced.length = 0;
    await caller.staff.addNote({ id, body: 'Called, no answer.' });
    await caller.staff.messagePatient({ id, body: 'We will call you tomorrow.' });
    await caller.staff.claim({ id });
    await caller.staff.setStatus({ id, status: 'in_progress' });
    const detail = await caller.staff.request({ id });
    expect(detail.patientMessage).toBe('We will call you tomorrow.');
    expect(detail.events.map((event) => [event.kind, event.body])).toEqual([
      ['created', null],
      ['note', 'Called, no answer.'],
      ['message', 'We will call you tomorrow.'],
      ['assigned', null],
      ['status', null],
    ]);
    expect(world.announced.map((change) => [change.kind, change.row.id])).toEqual(Array(4).fill(['changed', id]));
    expect(world.announced.at(-1)!.row.status).toBe('in_progress');
    const audited = await world.db
      .selectFrom('audit_events')
      .select(['type', 'actor_user_id', 'subject'])
      .where('subject', '=', `request:${id}`)
      .execute();
    expect(audited.map((row) => row.type)).toEqual([
      'request.note',
      'request.message',
      'request.assign',
      'request.status',
    ]);
    expect(new Set(audited.map((row) => row.actor_user_id))).toEqual(new Set([user.id]));
    expect(await fieldErrorsOf(caller.staff.addNote({ id, body: '   ' }))).toEqual(['body']);
    expect(await fieldErrorsOf(caller.staff.messagePatient({ id, body: 'x'.repeat(4001) }))).toEqual(['body']);
  });

  it('the history is append-only in the database itself', async () => {
    const { id } = await world.submit('appointment');
    await expect(world.db.deleteFrom('request_events').where('request_id', '=', id).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(
      world.db.updateTable('request_events').set({ kind: 'note' }).where('request_id', '=', id).execute(),
    ).rejects.toThrow(/append-only/);
  });
});

describe('newsletter list', () => {
  it('lists newest first with search, and unsubscribes with an audit row', async () => {
    const { caller } = await world.person('agent');
    for (const email of ['ada@example.com', 'bola@example.org', 'chidi@example.com'])
      await world.db
        .insertInto('newsletter_subscriptions')
        .values({ email, reference: `SUB-${email.slice(0, 5).toUpperCase()}`, idempotency_key: null })
        .execute();
    const list = await caller.staff.newsletter.list({});
    expect(list.rows.map((row) => row.email)).toEqual(['chidi@example.com', 'bola@example.org', 'ada@example.com']);
    expect((await caller.staff.newsletter.list({ search: 'example.org' })).rows.map((row) => row.email)).toEqual([
      'bola@example.org',
    ]);
    await caller.staff.newsletter.unsubscribe({ id: list.rows[1]!.id });
    expect((await caller.staff.newsletter.list({})).rows).toHaveLength(2);
    expect(await codeOf(caller.staff.newsletter.unsubscribe({ id: list.rows[1]!.id }))).toBe('NOT_FOUND');
    const audit = await world.db
      .selectFrom('audit_events')
      .select(['type', 'masked_email'])
      .where('type', '=', 'newsletter.unsubscribe')
      .execute();
    expect(audit).toEqual([
      { type: 'newsletter.unsubscribe', masked_email: expect.stringMatching(/^b\*+@example\.org$/) },
    ]);
  });
});
