import { appointmentSchema, type AppointmentInput } from '../../../../shared/schemas/appointment';
import { createFormCheck } from '../submit-stored-form';

/** Loaded on first use: the appointment schema (with zod); the live form sends through its tRPC mutation hook. */
export const appointmentCheck = createFormCheck<AppointmentInput>(appointmentSchema);
