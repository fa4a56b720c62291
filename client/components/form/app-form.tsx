import type { FocusEventHandler, FormEventHandler, ReactNode, Ref } from 'react';
import { EARLY_SUBMIT_ATTRIBUTE } from '../../rendering/early-clicks';
import { FORM_NAME_FIELD } from '../../../shared/forms/form-post';
import { BotTrap } from './bot-trap';
import { ErrorSummary, type ErrorSummaryItem } from './error-summary';
import { SubmitButton } from './submit-button';

/** What `useAppForm` (or `useFormErrors`, for a form without a server) hands the frame, besides its two refs. */
export type AppFormState = {
  summary: ErrorSummaryItem[];
  onFocus?: FocusEventHandler<HTMLFormElement>;
  /** Named in the plain HTML post, so the server knows which form it is (issue #15); none: no native post. */
  formName?: string;
  /** After a plain HTML post was stored: what the toast would have said, shown above the form. */
  sentNotice?: { title?: ReactNode; description?: ReactNode } | null;
  /** `useAppForm`'s own refs: a form that hands the frame the hook's whole result needs not name them again. */
  formRef?: Ref<HTMLFormElement>;
  summaryRef?: Ref<HTMLDivElement>;
};

type AppFormProps = {
  /** Left out when `form` carries them (the whole result of `useAppForm`). */
  formRef?: Ref<HTMLFormElement>;
  summaryRef?: Ref<HTMLDivElement>;
  form: AppFormState;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Accessible name; left out where a surrounding section already names the form. */
  label?: string;
  labelledBy?: string;
  /** A search or filter form is a search landmark (the staff inbox's filters, say). */
  role?: 'search';
  id?: string;
  className?: string;
  /** Stored forms only: the honeypot's id prefix. */
  botTrapPrefix?: string;
  /** A press before the scripts ran is held and sent once live (ADR 0029), where a plain post would reach nobody. */
  holdEarlySubmit?: boolean;
  /** Before everything else (a <noscript> note, say). */
  lead?: ReactNode;
  /** The submit button, in its own block; `busy` disables it and shows `busyLabel` (spec section 4). */
  submit?: { label: ReactNode; busyLabel: string; busy: boolean };
  /** After the submit button (a reference, a link). */
  footer?: ReactNode;
  children: ReactNode;
};

/**
 * The one form frame (issue #26), for stored, account, contact and staff forms, in this order because CSS and the
 * tests rely on it: the notice of a plain HTML post that was stored, the error summary, the form's name and the bot
 * trap, the fields, then the submit button. Without JavaScript the form posts to its own page and the server answers.
 */
export function AppForm({
  formRef,
  summaryRef,
  form,
  onSubmit,
  label,
  labelledBy,
  role,
  id,
  className = 'app-form',
  botTrapPrefix,
  holdEarlySubmit,
  lead,
  submit,
  footer,
  children,
}: AppFormProps) {
  return (
    <form
      ref={formRef ?? form.formRef}
      id={id}
      {...(holdEarlySubmit ? { [EARLY_SUBMIT_ATTRIBUTE]: '' } : null)}
      className={className}
      role={role}
      method="post"
      noValidate
      aria-label={label}
      aria-labelledby={labelledBy}
      onSubmit={onSubmit}
      onFocus={form.onFocus}
    >
      {lead}
      {form.sentNotice ? (
        <div className="app-form-sent" role="status" id={`${form.formName}-sent`}>
          <p className="app-form-sent__title">{form.sentNotice.title}</p>
          <p>{form.sentNotice.description}</p>
        </div>
      ) : null}
      <ErrorSummary items={form.summary} ref={summaryRef ?? form.summaryRef} />
      {form.formName ? <input type="hidden" name={FORM_NAME_FIELD} value={form.formName} /> : null}
      {botTrapPrefix ? <BotTrap idPrefix={botTrapPrefix} /> : null}
      {children}
      {submit ? (
        <div>
          <SubmitButton busy={submit.busy} busyLabel={submit.busyLabel}>
            {submit.label}
          </SubmitButton>
        </div>
      ) : null}
      {footer}
    </form>
  );
}
