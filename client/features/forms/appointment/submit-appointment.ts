import { appointmentSchema, type AppointmentInput } from '../../../../shared/schemas/appointment';
import { trpcClient } from '../../../lib/trpc-client';
import { createSubmitter } from '../submit-stored-form';

/** Loaded on first use: the appointment schema and the tRPC call. */
export const appointmentSubmitter = createSubmitter<AppointmentInput>(appointmentSchema, (input) => trpcClient.forms.submitAppointment.mutate(input));
