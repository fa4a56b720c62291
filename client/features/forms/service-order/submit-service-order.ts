import { serviceOrderSchema, type ServiceOrderInput } from '../../../../shared/schemas/service-order';
import { trpcClient } from '../../../lib/trpc-client';
import { createSubmitter } from '../submit-stored-form';

/** Loaded on first use: the order schema and the tRPC call. */
export const serviceOrderSubmitter = createSubmitter<ServiceOrderInput>(serviceOrderSchema, (input) => trpcClient.forms.submitServiceOrder.mutate(input));
