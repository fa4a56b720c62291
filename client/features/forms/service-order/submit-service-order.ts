import { serviceOrderSchema, type ServiceOrderInput } from '../../../../shared/schemas/service-order';
import { createFormCheck } from '../submit-stored-form';

/** Loaded on first use: the order schema (with zod); the live form sends through its tRPC mutation hook. */
export const serviceOrderCheck = createFormCheck<ServiceOrderInput>(serviceOrderSchema);
