import { z } from 'zod';
import { APPOINTMENT_ACTIONS } from '../forms/booking-forms';

/** 'Choose another time' or 'Cancel appointment' on the dashboard (issue #28.7): which booking, and which link. */
export const appointmentLinkSchema = z.object({
  id: z
    .number({ error: 'Appointment id must be a number.' })
    .int()
    .positive({ error: 'Appointment id must be a number.' }),
  action: z.enum(APPOINTMENT_ACTIONS, { error: 'Choose to change the time or to cancel.' }),
});
export type AppointmentLinkInput = z.infer<typeof appointmentLinkSchema>;
