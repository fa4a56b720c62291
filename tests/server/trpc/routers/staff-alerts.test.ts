/** Alert sounds per staff member, stored on the server (issue #29). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_STAFF_SOUNDS } from '../../../../shared/staff-alerts';
import { codeOf, startStaffWorld } from './staff-fixtures';

let world: Awaited<ReturnType<typeof startStaffWorld>>;
beforeEach(async () => {
  world = await startStaffWorld();
});
afterEach(() => world.close());

describe('staff alert sounds', () => {
  it('start with only the urgent sound on', async () => {
    const { caller } = await world.person('agent');
    expect(await caller.staff.alerts.sounds()).toEqual({
      newChat: false,
      visitorMessage: false,
      urgent: true,
      newRequest: false,
    });
    expect(DEFAULT_STAFF_SOUNDS.urgent).toBe(true);
  });

  it("are each staff member's own, and a change is read back (a reload, another page)", async () => {
    const agent = await world.person('agent');
    const admin = await world.person('admin');
    const chosen = { newChat: true, visitorMessage: true, urgent: false, newRequest: true };
    expect(await agent.caller.staff.alerts.saveSounds(chosen)).toEqual(chosen);
    expect(await agent.caller.staff.alerts.sounds()).toEqual(chosen);
    expect(await admin.caller.staff.alerts.sounds()).toEqual(DEFAULT_STAFF_SOUNDS);
    // Saved again: one row per person, the latest choice.
    await agent.caller.staff.alerts.saveSounds({ ...chosen, newChat: false });
    expect((await agent.caller.staff.alerts.sounds()).newChat).toBe(false);
    expect(await world.db.selectFrom('staff_alert_settings').select('user_id').execute()).toHaveLength(1);
  });

  it('refuse a setting that is not on or off, naming it', async () => {
    const { caller } = await world.person('agent');
    const saving = caller.staff.alerts.saveSounds({
      newChat: 'yes',
      visitorMessage: true,
      urgent: true,
      newRequest: true,
    } as never);
    await expect(saving).rejects.toThrow('New chat must be on or off.');
    expect(await codeOf(saving)).toBe('BAD_REQUEST');
    expect(await world.db.selectFrom('staff_alert_settings').select('user_id').execute()).toEqual([]);
  });
});
