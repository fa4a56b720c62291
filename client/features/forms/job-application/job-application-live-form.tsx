import { useCallback } from 'react';
import { Field } from '../../../components/form/field';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextArea } from '../../../components/form/text-area';
import type { JobApplicationInput } from '../../../../shared/schemas/job-application';
import { StoredFormFrame } from '../stored-form-frame';
import { ContactDetailsFields } from '../contact-details-fields';
import type { LiveProps } from '../../../rendering/island';
import { storedForms } from '../../../../shared/forms/stored-forms';
import { formValue } from '../../../components/form/form-value';
import { SentReference } from '../sent-reference';
import { useStoredForm } from '../use-stored-form';
import { trpc } from '../../../lib/trpc';
import { withTrpc } from '../../../lib/trpc-provider';
import { jobApplicationMessages } from './job-application-messages';

const load = () => import('./submit-job-application').then((module) => module.jobApplicationCheck);

/** Job application (spec sections 5, 7, 8): the live form behind JobApplicationForm. */
function JobApplicationLiveFormInner({ jobTitle, initialValues = {}, openedAt }: LiveProps & { jobTitle: string }) {
  const read = useCallback(
    (form: HTMLFormElement) =>
      storedForms['job-application'].toInput((name) => (name === 'jobTitle' ? jobTitle : formValue(form, name))),
    [jobTitle],
  );
  const { formRef, summaryRef, ...form } = useStoredForm<JobApplicationInput>({
    formName: 'job-application',
    load,
    mutation: trpc.forms.submitJobApplication.useMutation(),
    read,
    ...jobApplicationMessages,
    openedAt,
  });
  const errors = form.fieldErrors;
  return (
    <StoredFormFrame
      formRef={formRef}
      summaryRef={summaryRef}
      form={form}
      label={`Apply for ${jobTitle}`}
      botTrapPrefix="application"
    >
      <input type="hidden" name="jobTitle" value={jobTitle} />
      <ContactDetailsFields idPrefix="application" initialValues={initialValues} errors={errors} />
      <Field
        id="application-resume-link"
        name="resumeLink"
        type="url"
        inputMode="url"
        label="Resume Link"
        hint="Give a link to your resume, such as a file-sharing or professional profile link."
        spellCheck={false}
        defaultValue={initialValues.resumeLink}
        error={errors.resumeLink}
      />
      <TextArea
        id="application-cover-letter"
        name="coverLetter"
        label="Cover Letter"
        rows={6}
        optional
        defaultValue={initialValues.coverLetter}
        error={errors.coverLetter}
      />
      <div>
        <SubmitButton busy={form.busy} busyLabel="Submitting Application...">
          Submit Application
        </SubmitButton>
      </div>
      <SentReference reference={form.lastReference} what="Application" />
    </StoredFormFrame>
  );
}

/** In its own tRPC provider: the live form loads on demand, and React Query with it. */
export const JobApplicationLiveForm = withTrpc(JobApplicationLiveFormInner);
