import { tripPlanSchema, type TripPlanInput } from '../../../../shared/schemas/trip-plan';
import { createFormCheck } from '../submit-stored-form';

/** Loaded on first use: the trip plan schema (with zod); the live form sends through its tRPC mutation hook. */
export const tripPlanCheck = createFormCheck<TripPlanInput>(tripPlanSchema);
