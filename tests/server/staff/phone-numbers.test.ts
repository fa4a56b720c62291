import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStaffWorld } from '../trpc/routers/staff-fixtures';

let world: Awaited<ReturnType<typeof startStaffWorld>>;
beforeEach(async () => {
  world = await startStaffWorld();
});
afterEach(() => world.close());

// Issue #23.4: a request is found by the number on the caller-ID screen (+234…) however the patient typed it, and
// the other way round.
const WRITTEN_FORMS = [
  '08031234567',
  '0803 123 4567',
  '0803-123-4567',
  '+2348031234567',
  '2348031234567',
  '+234 803 123 4567',
];

describe('phone numbers in the staff inbox (issue #23.4)', () => {
  it('stores the typed phone and its E.164 form on the form row and the inbox row', async () => {
    const { id } = await world.submit('appointment', undefined, '0803 123 4567');
    const request = await world.db.selectFrom('requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(request).toMatchObject({ phone: '0803 123 4567', phone_e164: '+2348031234567' });
    const form = await world.db
      .selectFrom('appointments')
      .select(['phone', 'phone_e164'])
      .where('id', '=', request.submission_id)
      .executeTakeFirstOrThrow();
    expect(form).toEqual({ phone: '0803 123 4567', phone_e164: '+2348031234567' });
  });

  it('keeps a phone that is not a valid number as typed, with no E.164 form', async () => {
    const { id } = await world.submit('service_order', undefined, '123 4567');
    const request = await world.db.selectFrom('requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(request).toMatchObject({ phone: '123 4567', phone_e164: null });
  });

  it.each(['0803 123 4567', '+234 803 123 4567', '080-3123-4567'])(
    'finds a request typed as %s by every way of writing the number',
    async (typed) => {
      const { caller } = await world.person('agent');
      const target = await world.submit('appointment', undefined, typed);
      await world.submit('trip_plan', undefined, '0809 555 1212');
      for (const search of WRITTEN_FORMS)
        expect(
          (await caller.staff.inbox({ search })).rows.map((row) => row.id),
          search,
        ).toEqual([target.id]);
    },
  );

  it("finds '+234 809 555 1212' by 08095551212, and still by a fragment of the typed digits", async () => {
    const { caller } = await world.person('agent');
    const target = await world.submit('job_application', undefined, '+234 809 555 1212');
    await world.submit('appointment', undefined, '0803 123 4567');
    const found = async (search: string) => (await caller.staff.inbox({ search })).rows.map((row) => row.id);
    expect(await found('08095551212')).toEqual([target.id]);
    expect(await found('0809 555 1212')).toEqual([target.id]);
    expect(await found('555 1212')).toEqual([target.id]);
  });

  it('finds a request by a fragment of the number, with or without the 0 or +234 it was typed with', async () => {
    const { caller } = await world.person('agent');
    const international = await world.submit('appointment', undefined, '+234 803 123 4567');
    const local = await world.submit('service_order', undefined, '0803 765 4321');
    await world.submit('trip_plan', undefined, '0809 555 1212');
    const found = async (search: string) => (await caller.staff.inbox({ search })).rows.map((row) => row.id);
    expect(await found('0803 123')).toEqual([international.id]);
    expect(await found('803 123')).toEqual([international.id]);
    expect(await found('+234 803 765')).toEqual([local.id]);
    expect(await found('0803')).toEqual([local.id, international.id]);
  });

  it('gives the request page the E.164 form and whether it is a mobile (for tel: and WhatsApp links)', async () => {
    const { caller } = await world.person('agent');
    const mobile = await world.submit('appointment', undefined, '0803 123 4567');
    const landline = await world.submit('appointment', undefined, '+44 20 7946 0958');
    const unreadable = await world.submit('appointment', undefined, '123 4567');
    expect(await caller.staff.request({ id: mobile.id })).toMatchObject({
      phone: '0803 123 4567',
      phoneE164: '+2348031234567',
      phoneMobile: true,
    });
    const mobileDetail = await caller.staff.request({ id: mobile.id });
    expect(mobileDetail.fields.filter((field) => field.kind !== 'text')).toEqual([
      { label: 'Email', value: mobileDetail.email, kind: 'email' },
      { label: 'Phone', value: '0803 123 4567', kind: 'phone' },
    ]);
    expect(await caller.staff.request({ id: landline.id })).toMatchObject({
      phoneE164: '+442079460958',
      phoneMobile: false,
    });
    expect(await caller.staff.request({ id: unreadable.id })).toMatchObject({
      phone: '123 4567',
      phoneE164: null,
      phoneMobile: false,
    });
  });
});
