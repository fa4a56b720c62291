import { z } from 'zod';
import { FIELD_MAX } from '../form-options';
import {
  botCheckShape,
  consentNeedsPhone,
  messageConsentShape,
  submissionKeyShape,
  optionalPhone,
  optionalText,
  requiredEmail,
  requiredHttpUrl,
  requiredName,
  requiredText,
} from './field-rules';

/** Job application (spec section 5): name, email and resume link required; phone and cover letter optional. */
export const jobApplicationSchema = z
  .object({
    jobTitle: requiredText('Job title', 'Choose the job you are applying for.', FIELD_MAX.subject),
    fullName: requiredName('Enter your full name.'),
    email: requiredEmail(),
    phone: optionalPhone(),
    resumeLink: requiredHttpUrl('Resume link', 'Enter a link to your resume.'),
    coverLetter: optionalText('Cover letter', FIELD_MAX.message, { multiline: true }),
    ...messageConsentShape,
    ...botCheckShape,
    ...submissionKeyShape,
  })
  .superRefine(consentNeedsPhone);

export type JobApplicationInput = z.input<typeof jobApplicationSchema>;
export type JobApplicationData = z.output<typeof jobApplicationSchema>;
