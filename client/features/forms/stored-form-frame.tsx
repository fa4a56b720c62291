import type { FocusEventHandler, FormEventHandler, ReactNode, Ref } from 'react';
import { ErrorSummary, type ErrorSummaryItem } from '../../components/form/error-summary';
import { BotTrap } from './bot-trap';
import { NoScriptNotice } from './no-script-notice';

/** The parts of useStoredForm's result (besides its refs) the frame wires to the form element. */
type StoredFormWiring = {
  summary: ErrorSummaryItem[];
  onSubmit: FormEventHandler<HTMLFormElement>;
  onFocus: FocusEventHandler<HTMLFormElement>;
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
 * the no-script notice, the error summary and the bot trap, then the form's own fields.
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
      <NoScriptNotice />
      <ErrorSummary items={form.summary} ref={summaryRef} />
      <BotTrap idPrefix={botTrapPrefix} />
      {children}
    </form>
  );
}
