import { jobApplicationSchema, type JobApplicationInput } from '../../../../shared/schemas/job-application';
import { createFormCheck } from '../submit-stored-form';

/** Loaded on first use: the application schema (with zod); the live form sends through its tRPC mutation hook. */
export const jobApplicationCheck = createFormCheck<JobApplicationInput>(jobApplicationSchema);
