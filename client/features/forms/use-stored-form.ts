import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useFormErrors } from '../../components/form/use-form-errors';
import { useToast, type ToastOptions } from '../../components/toast/toast-provider';
import type { FormSubmitter } from './submit-stored-form';
import { textValue } from './form-values';

type BotFields = { website?: string; fillMs?: number };

type StoredFormOptions<I> = {
  /** Dynamic import of the form's submit module (zod + tRPC client), started on first focus. */
  load: () => Promise<FormSubmitter<I>>;
  /** The values as the schema expects them, read from the form's controls. */
  read: (form: HTMLFormElement) => Omit<I, keyof BotFields>;
  success: (reference: string) => ToastOptions;
  failure: ToastOptions;
  /** The toast for a duplicate (HTTP 409), e.g. the newsletter's 'Already Subscribed'. */
  conflict?: ToastOptions;
  /** Extra clean-up after the form is cleared (controlled selects, say). */
  onReset?: () => void;
  /** performance.now() when the visitor first saw the form (the island passes it on). */
  openedAt?: number;
};

/**
 * The behaviour every stored form shares (spec section 4): check with the shared
 * schema, send, show the busy label while sending, clear the form and show the
 * success toast on success, keep the data and show the failure toast on failure,
 * and show field errors (or the rate-limit message) in the form.
 */
export function useStoredForm<I extends BotFields>({ load, read, success, failure, conflict, onReset, openedAt: shownAt }: StoredFormOptions<I>) {
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(formRef);
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const [lastReference, setLastReference] = useState<string | null>(null);
  const busyRef = useRef(false);
  const openedAt = useRef(0);
  const submitter = useRef<Promise<FormSubmitter<I>> | null>(null);

  useEffect(() => {
    openedAt.current = shownAt ?? performance.now();
  }, [shownAt]);

  const loadSubmitter = useCallback(() => {
    submitter.current ??= load().catch((error: unknown) => {
      submitter.current = null;
      throw error;
    });
    return submitter.current;
  }, [load]);

  // Start fetching the submit code as soon as the visitor starts on the form.
  const onFocus = useCallback(() => {
    loadSubmitter().catch(() => undefined);
  }, [loadSubmitter]);

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = formRef.current;
      if (!form || busyRef.current) return;
      const values = {
        ...read(form),
        website: textValue(form, 'website'),
        fillMs: Math.max(0, Math.round(performance.now() - openedAt.current)),
      } as I;
      busyRef.current = true;
      setBusy(true);
      try {
        const { validate, send } = await loadSubmitter();
        const invalid = validate(values);
        if (invalid) {
          errors.showErrors(invalid);
          return;
        }
        const outcome = await send(values);
        switch (outcome.kind) {
          case 'stored':
            form.reset();
            onReset?.();
            errors.clearErrors();
            setLastReference(outcome.reference);
            toast(success(outcome.reference));
            return;
          case 'invalid':
            errors.showErrors(outcome.fieldErrors);
            return;
          case 'rate-limited':
            errors.showErrors({}, outcome.message);
            return;
          case 'conflict':
            errors.clearErrors();
            toast(conflict ?? failure);
            return;
          case 'failed':
            errors.clearErrors();
            toast(failure);
            return;
        }
      } catch {
        // The submit code could not load (offline, say): the data stay, the visitor can retry.
        toast(failure);
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [conflict, errors, failure, loadSubmitter, onReset, read, success, toast],
  );

  return { formRef, onSubmit, onFocus, busy, lastReference, setLastReference, ...errors };
}
