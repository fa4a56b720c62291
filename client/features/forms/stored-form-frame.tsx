import type { FocusEventHandler, FormEventHandler, ReactNode, Ref } from 'react';
import { ErrorSummary, type ErrorSummaryItem } from '../../components/form/error-summary';
import { BotTrap } from './bot-trap';
import { FORM_NAME_FIELD } from '../../../shared/forms/form-post';

/** The parts of useStoredForm's result (besides its refs) the frame wires to the form element. */
type StoredFormWiring = {
  summary: ErrorSummaryItem[];
  onSubmit: FormEventHandler<HTMLFormElement>;
  onFocus: FocusEventHandler<HTMLFormElement>;
  /** Named in the plain HTML post, so the server knows which form it is (issue #15). */
  formName: string;
  /** After a plain HTML post was stored: what the toast would have said, shown above the form. */
  sentNotice: { title?: ReactNode; description?: ReactNode } | null;
};

type StoredFormFrameProps = {
  formRef: Ref<HTMLFormElement>;
  summaryRef: Ref<HTMLDivElement>;
  form: StoredFormWiring;
  /** Accessible name; left out where a surrounding section already names the form. */
  label?: string;
  botTrapPrefix: string;
  children: ReactNode;
};

/**
 * One copy of what every stored form starts with, in this order, because CSS and the tests rely on it:
 * the notice of a plain HTML post that was stored, the error summary, the form's name and the bot trap, then the form's
 * own fields. Without JavaScript the form posts to its own page and the server answers (issue #15).
 */
export function StoredFormFrame({ formRef, summaryRef, form, label, botTrapPrefix, children }: StoredFormFrameProps) {
  return (
    <form
      ref={formRef}
      className="app-form"
      method="post"
      noValidate
      aria-label={label}
      onSubmit={form.onSubmit}
      onFocus={form.onFocus}
    >
      {form.sentNotice ? (
        <div className="app-form-sent" role="status" id={`${form.formName}-sent`}>
          <p className="app-form-sent__title">{form.sentNotice.title}</p>
          <p>{form.sentNotice.description}</p>
        </div>
      ) : null}
      <ErrorSummary items={form.summary} ref={summaryRef} />
      <input type="hidden" name={FORM_NAME_FIELD} value={form.formName} />
      <BotTrap idPrefix={botTrapPrefix} />
      {children}
    </form>
  );
}
