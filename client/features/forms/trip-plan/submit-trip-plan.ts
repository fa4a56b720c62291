import { tripPlanSchema, type TripPlanInput } from '../../../../shared/schemas/trip-plan';
import { trpcClient } from '../../../lib/trpc-client';
import { createSubmitter } from '../submit-stored-form';

/** Loaded on first use: the trip plan schema and the tRPC call. */
export const tripPlanSubmitter = createSubmitter<TripPlanInput>(tripPlanSchema, (input) => trpcClient.forms.submitTripPlan.mutate(input));
