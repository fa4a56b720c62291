/**
 * The staff app's alert sounds (issue #29), per staff member, stored on the server so the choice survives page
 * changes, reloads and other devices. Agents and admins only; mounted as `staff.alerts`.
 */
import { DEFAULT_STAFF_SOUNDS, staffSoundSettingsSchema } from '../../../shared/staff-alerts';
import { staffAlerts } from '../../data/staff-alerts';
import { router, staffProcedure } from '../trpc';

export const staffAlertsRouter = router({
  /** This staff member's sound settings, or the defaults (urgent on) until they choose. */
  sounds: staffProcedure.query(
    async ({ ctx }) => (await staffAlerts.sounds(ctx.db, ctx.user.id)) ?? DEFAULT_STAFF_SOUNDS,
  ),

  saveSounds: staffProcedure.input(staffSoundSettingsSchema).mutation(async ({ ctx, input }) => {
    await staffAlerts.saveSounds(ctx.db, ctx.user.id, input, new Date().toISOString());
    return input;
  }),
});
