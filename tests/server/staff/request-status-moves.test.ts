/**
 * Request status changes on the server (issue #13): the table of allowed moves, who may cancel, and what each move
 * writes (closed_at, confirmed_for, cancel_reason, the patient message, the history). Written to kill the mutants
 * `npm run test:mutation` found alive (issue #25.3); the procedures' own stories are in tests/server/trpc/routers.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { requests } from '../../../server/data/requests';
import { REQUEST_STATUSES, REQUEST_TYPES, nextStatuses, patientMayCancel } from '../../../shared/requests';
import { codeOf, startStaffWorld } from '../trpc/routers/staff-fixtures';

let world: Awaited<ReturnType<typeof startStaffWorld>>;
beforeEach(async () => {
  world = await startStaffWorld();
});
afterEach(() => world.close());

const stored = (id: number) =>
  world.db
    .selectFrom('requests')
    .select(['status', 'closed_at', 'confirmed_for', 'cancel_reason', 'patient_message'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('the moves between statuses', () => {
  it('New → In progress → Confirmed → Done; Cancelled from any open status; nothing out of Done or Cancelled', () => {
    expect(nextStatuses).toEqual({
      new: ['in_progress', 'confirmed', 'cancelled'],
      in_progress: ['confirmed', 'cancelled'],
      confirmed: ['done', 'cancelled'],
      done: [],
      cancelled: [],
    });
  });

  it('a patient may cancel an appointment that is New or In progress, and nothing else', () => {
    const allowed = REQUEST_TYPES.flatMap((type) =>
      REQUEST_STATUSES.filter((status) => patientMayCancel(type, status)).map((status) => `${type}:${status}`),
    );
    expect(allowed).toEqual(['appointment:new', 'appointment:in_progress']);
  });
});

describe('requests.setStatus', () => {
  it('stamps closed_at only when the request closes, and keeps the confirmed time and reason to their own moves', async () => {
    const { user } = await world.person('agent');
    const actor = { kind: 'staff', userId: user.id } as const;
    const { id } = await world.submit('appointment');
    const move = (change: Parameters<typeof requests.setStatus>[2]) =>
      world.db
        .transaction()
        .execute((trx) => requests.setStatus(trx, id, change, actor))
        .then((changed) => changed?.status ?? 'unchanged');

    expect(await move({ from: 'new', to: 'in_progress', confirmedFor: 'x', reason: 'y' })).toBe('in_progress');
    expect(await stored(id)).toEqual({
      status: 'in_progress',
      closed_at: null,
      confirmed_for: null,
      cancel_reason: null,
      patient_message: null,
    });
    expect(await move({ from: 'in_progress', to: 'confirmed', confirmedFor: '2026-12-01T09:00', reason: 'y' })).toBe(
      'confirmed',
    );
    expect(await stored(id)).toMatchObject({ closed_at: null, confirmed_for: '2026-12-01T09:00', cancel_reason: null });
    expect(await move({ from: 'confirmed', to: 'cancelled', reason: 'Patient travelled.', message: 'Sorry.' })).toBe(
      'cancelled',
    );
    const cancelled = await stored(id);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      confirmed_for: '2026-12-01T09:00',
      cancel_reason: 'Patient travelled.',
      patient_message: 'Sorry.',
    });
    expect(cancelled.closed_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const history = await requests.events(world.db, id);
    expect(history.map((event) => [event.kind, event.from_status, event.to_status, event.body])).toEqual([
      ['created', null, 'new', null],
      ['status', 'new', 'in_progress', null],
      ['status', 'in_progress', 'confirmed', '2026-12-01T09:00'],
      ['status', 'confirmed', 'cancelled', 'Patient travelled.'],
      ['message', null, null, 'Sorry.'],
    ]);
  });

  it('Done closes the request too; a move from a status the request no longer has changes nothing', async () => {
    const { user } = await world.person('agent');
    const actor = { kind: 'staff', userId: user.id } as const;
    const { id } = await world.submit('service_order');
    const move = (change: Parameters<typeof requests.setStatus>[2]) =>
      world.db
        .transaction()
        .execute((trx) => requests.setStatus(trx, id, change, actor))
        .then((changed) => changed?.status ?? 'unchanged');
    expect(await move({ from: 'in_progress', to: 'confirmed' })).toBe('unchanged');
    expect(await stored(id)).toMatchObject({ status: 'new', closed_at: null });
    expect(await move({ from: 'new', to: 'confirmed' })).toBe('confirmed');
    expect(await move({ from: 'confirmed', to: 'done' })).toBe('done');
    expect((await stored(id)).closed_at).not.toBeNull();
    expect((await requests.events(world.db, id)).map((event) => event.kind)).toEqual(['created', 'status', 'status']);
  });
});

describe('staff.setStatus', () => {
  it('confirms a request that is not an appointment without a date, and stores no confirmed time for it', async () => {
    const { caller } = await world.person('agent');
    const { id } = await world.submit('trip_plan');
    await caller.staff.setStatus({ id, status: 'confirmed', confirmedDate: '2026-12-01', confirmedTime: '10:00' });
    expect(await stored(id)).toMatchObject({ status: 'confirmed', confirmed_for: null });
  });

  it('an appointment needs both the date and the time to be confirmed', async () => {
    const { caller } = await world.person('agent');
    const { id } = await world.submit('appointment');
    expect(await codeOf(caller.staff.setStatus({ id, status: 'confirmed', confirmedDate: '2026-12-01' }))).toBe(
      'BAD_REQUEST',
    );
    expect(await codeOf(caller.staff.setStatus({ id, status: 'confirmed', confirmedTime: '10:00' }))).toBe(
      'BAD_REQUEST',
    );
    expect((await stored(id)).status).toBe('new');
  });

  it('records the move in the audit log and announces the changed row', async () => {
    const { caller, user } = await world.person('agent');
    const { id } = await world.submit('service_order');
    const row = await caller.staff.setStatus({ id, status: 'in_progress' });
    expect(row).toMatchObject({ id, status: 'in_progress' });
    expect(world.announced.at(-1)).toEqual({ kind: 'changed', row });
    const audit = await world.db
      .selectFrom('audit_events')
      .select(['type', 'actor_user_id', 'subject', 'detail'])
      .where('type', '=', 'request.status')
      .execute();
    expect(audit).toEqual([
      {
        type: 'request.status',
        actor_user_id: user.id,
        subject: `request:${id}`,
        detail: JSON.stringify({ from: 'new', to: 'in_progress' }),
      },
    ]);
  });

  it('an unknown request is NOT_FOUND', async () => {
    const { caller } = await world.person('agent');
    expect(await codeOf(caller.staff.setStatus({ id: 999, status: 'in_progress' }))).toBe('NOT_FOUND');
  });
});
