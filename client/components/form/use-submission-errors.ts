import { useRenderContext } from '../../rendering/render-context';
import type { FormErrorsState } from './use-form-errors';

/**
 * The errors of this form's plain HTML post, when the server answers it with the page again (issue #15): each
 * field's message, and the summary linking to the fields (their ids come from the server's first render pass).
 */
export function useSubmissionErrors(
  formName: string | undefined,
  ownMessages: { failed?: string; conflict?: string } = {},
): FormErrorsState | undefined {
  const submission = useRenderContext()?.submission;
  const fieldIds = useRenderContext()?.fieldIds ?? {};
  if (!formName || !submission || submission.form !== formName) return undefined;
  const message = (submission.outcome && ownMessages[submission.outcome]) ?? submission.message;
  return {
    fieldErrors: submission.fieldErrors,
    summary: [
      ...(message ? [{ message }] : []),
      ...Object.entries(submission.fieldErrors).map(([name, message]) => ({ fieldId: fieldIds[name], message })),
    ],
  };
}
