import { router } from './trpc';
import { healthRouter } from './routers/health';
import { bookingRouter } from './routers/booking';
import { bookingStaffRouter } from './routers/booking-staff';
import { formsRouter } from './routers/forms';
import { authRouter } from './routers/auth';
import { staffRouter } from './routers/staff';
import { patientRouter } from './routers/patient';
import { auditRouter, teamRouter } from './routers/team';

/** The one tRPC router, composed from per-feature routers. */
export const appRouter = router({
  health: healthRouter,
  forms: formsRouter,
  booking: bookingRouter,
  bookingStaff: bookingStaffRouter,
  auth: authRouter,
  staff: staffRouter,
  patient: patientRouter,
  team: teamRouter,
  audit: auditRouter,
});

export type AppRouter = typeof appRouter;
