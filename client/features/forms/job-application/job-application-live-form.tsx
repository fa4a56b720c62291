import { useCallback } from 'react';
import { ErrorSummary } from '../../../components/form/error-summary';
import { Field } from '../../../components/form/field';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextArea } from '../../../components/form/text-area';
import type { JobApplicationInput } from '../../../../shared/schemas/job-application';
import { BotTrap } from '../bot-trap';
import type { LiveFormProps } from '../form-island';
import { formValue } from '../../../components/form/form-value';
import { NoScriptNotice } from '../no-script-notice';
import { SentReference } from '../sent-reference';
import { useStoredForm } from '../use-stored-form';
import { trpc } from '../../../lib/trpc';
import { withTrpc } from '../../../lib/trpc-provider';
import { jobApplicationMessages } from './job-application-messages';

const load = () => import('./submit-job-application').then((module) => module.jobApplicationCheck);

/** Job application (spec sections 5, 7, 8): the live form behind JobApplicationForm. */
function JobApplicationLiveFormInner({ jobTitle, initialValues = {}, openedAt }: LiveFormProps & { jobTitle: string }) {
  const read = useCallback(
    (form: HTMLFormElement) => ({
      jobTitle,
      fullName: formValue(form, 'fullName'),
      email: formValue(form, 'email'),
      phone: formValue(form, 'phone'),
      resumeLink: formValue(form, 'resumeLink'),
      coverLetter: formValue(form, 'coverLetter'),
    }),
    [jobTitle],
  );
  const { formRef, summaryRef, ...form } = useStoredForm<JobApplicationInput>({
    load,
    mutation: trpc.forms.submitJobApplication.useMutation(),
    read,
    ...jobApplicationMessages,
    openedAt,
  });
  const errors = form.fieldErrors;
  return (
    <form
      ref={formRef}
      className="app-form"
      method="post"
      noValidate
      aria-label={`Apply for ${jobTitle}`}
      onSubmit={form.onSubmit}
      onFocus={form.onFocus}
    >
      <NoScriptNotice />
      <ErrorSummary items={form.summary} ref={summaryRef} />
      <BotTrap idPrefix="application" />
      <Field
        id="application-full-name"
        name="fullName"
        label="Full Name"
        autoComplete="name"
        defaultValue={initialValues.fullName}
        error={errors.fullName}
      />
      <Field
        id="application-email"
        name="email"
        type="email"
        label="Email Address"
        autoComplete="email"
        spellCheck={false}
        defaultValue={initialValues.email}
        error={errors.email}
      />
      <Field
        id="application-phone"
        name="phone"
        type="tel"
        label="Phone Number"
        autoComplete="tel"
        optional
        defaultValue={initialValues.phone}
        error={errors.phone}
      />
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
    </form>
  );
}

/** In its own tRPC provider: the live form loads on demand, and React Query with it. */
export const JobApplicationLiveForm = withTrpc(JobApplicationLiveFormInner);
