import { jobApplicationSchema, type JobApplicationInput } from '../../../../shared/schemas/job-application';
import { trpcClient } from '../../../lib/trpc-client';
import { createSubmitter } from '../submit-stored-form';

/** Loaded on first use: the application schema and the tRPC call. */
export const jobApplicationSubmitter = createSubmitter<JobApplicationInput>(jobApplicationSchema, (input) =>
  trpcClient.forms.submitJobApplication.mutate(input),
);
