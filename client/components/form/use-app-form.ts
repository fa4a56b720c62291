import { resetToPristine } from '../../rendering/pristine-values';
import { useLiveForm } from './use-live-form';
import { useSubmissionErrors } from './use-submission-errors';

type AppFormOptions<M> = {
  /**
   * The form's check code (zod and its shared schema), loaded on first focus. Left out by a form that has none (a staff
   * form whose fields are plain children): its submit work then runs at once.
   */
  load?: () => Promise<M>;
  /** What the visitor sees when that code cannot load (or the send fails unexpectedly). */
  onLoadFailed: Parameters<typeof useLiveForm<M>>[1];
  /** Its plain HTML post's name: the server's answer to that post shows its errors here. */
  formName?: string;
  /** The form's own words for a failed or duplicate native post (the server sends only the outcome). */
  postMessages?: { failed?: string; conflict?: string };
};

// Module-level, so the hook's callbacks stay stable across renders.
const nothingToLoad = () => Promise.resolve(undefined);

/**
 * The one form hook (issue #26), under `AppForm`: error summary and field errors, the double-send guard, the check
 * code loaded on first focus, and the errors of a native post the server answered with the page again. A sent form is
 * cleared with `resetSent`: back to the server's own defaults, not to what was typed before the form went live.
 */
export function useAppForm<M = undefined>({
  load = nothingToLoad as () => Promise<M>,
  onLoadFailed,
  formName,
  postMessages,
}: AppFormOptions<M>) {
  const live = useLiveForm(load, onLoadFailed, useSubmissionErrors(formName, postMessages));
  return { ...live, formName, resetSent: resetToPristine };
}
