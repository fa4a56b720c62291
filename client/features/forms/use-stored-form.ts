import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import { type StoredFormName } from '../../../shared/forms/stored-forms';
import { REFERENCE_PATTERN, SENT_QUERY } from '../../../shared/forms/form-post';
import { formValue } from '../../components/form/form-value';
import { useAppForm } from '../../components/form/use-app-form';
import { useToast, type ToastOptions } from '../../components/toast/toast-provider';
import { newIdempotencyKey } from './idempotency-key';
import { sendStoredForm, type FormCheck } from './submit-stored-form';

type SentWithEveryForm = { website?: string; fillMs?: number; idempotencyKey?: string };

/** A stored form's input as its shared schema checks it. */
export type StoredInput = SentWithEveryForm & Record<string, unknown>;

/** A stored form's toasts (spec section 8). */
export type StoredFormMessages = {
  success: (reference: string) => ToastOptions;
  failure: ToastOptions;
  /** The toast for a duplicate (HTTP 409), e.g. the newsletter's 'Already Subscribed'. */
  conflict?: ToastOptions;
};

type StoredFormOptions<I> = StoredFormMessages & {
  /** The form's name (its island id): named in its plain HTML post, and in the page that post returns to. */
  formName: StoredFormName;
  /** Dynamic import of the form's check (zod + the shared schema), started on first focus. */
  load: () => Promise<FormCheck<I>>;
  /** The form's procedure, `trpc.forms.submitX.useMutation()`: it sends, and its isPending is the busy state. */
  mutation: { mutateAsync: (input: I) => Promise<{ reference: string }>; isPending: boolean };
  /** The values as the schema expects them, read from the form's controls. */
  read: (form: HTMLFormElement) => Omit<I, keyof SentWithEveryForm>;
  /** Extra clean-up after the form is cleared (controlled selects, say). */
  onReset?: () => void;
  /** performance.now() when the visitor first saw the form (the island passes it on). */
  openedAt?: number;
};

/**
 * The behaviour every stored form shares (spec section 4), on the one form hook: check with
 * the shared schema, send through the form's tRPC mutation, show the busy label while it is
 * pending, clear the form and show the
 * success toast on success, keep the data and show the failure toast on failure, and show
 * field errors (or the rate-limit or busy message) in the form.
 *
 * Each submission carries an idempotency key (issue #11.9), kept while the visitor retries
 * the same answers, so a retry after a lost answer returns the stored reference instead of
 * storing a second copy. Changed answers, or a stored submission, get a fresh key.
 */
export function useStoredForm<I extends SentWithEveryForm>({
  formName,
  load,
  mutation,
  read,
  success,
  failure,
  conflict,
  onReset,
  openedAt: shownAt,
}: StoredFormOptions<I>) {
  const { toast } = useToast();
  const showLoadFailed = useCallback(() => toast(failure), [failure, toast]);
  const form = useAppForm({
    load,
    onLoadFailed: showLoadFailed,
    formName,
    postMessages: { failed: toastText(failure), conflict: conflict && toastText(conflict) },
  });
  const sentNotice = useSentNotice(formName, success);
  const [lastReference, setLastReference] = useState<string | null>(null);
  const openedAt = useRef(0);
  const pending = useRef<{ answers: string; key: string } | null>(null);

  useEffect(() => {
    openedAt.current = shownAt ?? performance.now();
  }, [shownAt]);

  const { showErrors, clearErrors } = form;
  // Built per submit (inside the event handler), so the refs it reads are never read in render.
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    form.submit(async ({ validate }, element) => {
      const answers = read(element);
      const serialised = JSON.stringify(answers);
      if (pending.current?.answers !== serialised) pending.current = { answers: serialised, key: newIdempotencyKey() };
      const values = {
        ...answers,
        website: formValue(element, 'website'),
        fillMs: Math.max(0, Math.round(performance.now() - openedAt.current)),
        idempotencyKey: pending.current.key,
      } as I;
      const invalid = validate(values);
      if (invalid) return showErrors(invalid);
      const outcome = await sendStoredForm(mutation.mutateAsync, values);
      switch (outcome.kind) {
        case 'stored':
          pending.current = null;
          form.resetSent(element);
          onReset?.();
          clearErrors();
          setLastReference(outcome.reference);
          toast(success(outcome.reference));
          return;
        case 'invalid':
          return showErrors(outcome.fieldErrors);
        case 'rate-limited':
        case 'too-fast':
          return showErrors({}, outcome.message);
        case 'unavailable':
          showErrors({}, outcome.message);
          toast(failure);
          return;
        case 'conflict':
          clearErrors();
          toast(conflict ?? failure);
          return;
        case 'failed':
          clearErrors();
          toast(failure);
          return;
      }
    })(event);

  return { ...form, busy: mutation.isPending, onSubmit, lastReference, setLastReference, formName, sentNotice };
}

/** After a plain HTML post was stored, the page it returns to (?form=…&sent=REF) says so, as the toast would. */
function useSentNotice(formName: StoredFormName, success: (reference: string) => ToastOptions) {
  const params = new URLSearchParams(useSearch());
  const reference = params.get(SENT_QUERY.reference);
  if (params.get(SENT_QUERY.form) !== formName || !reference || !REFERENCE_PATTERN.test(reference)) return null;
  return success(reference);
}

/** A toast as one line, as the error catalogue writes it: 'Order Failed: Could not place your order. …'. */
const toastText = ({ title, description }: ToastOptions) => (description ? `${title}: ${description}` : title);
