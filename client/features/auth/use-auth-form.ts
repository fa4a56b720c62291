import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useFormErrors } from '../../components/form/use-form-errors';
import type { AuthActions } from './auth-actions';

/** What the page's form island passes when the live form takes over from the prerendered markup. */
export type AuthFormProps = { initialValues?: Record<string, string> };

const LOAD_FAILED_MESSAGE = 'Could not reach our service. Check your internet connection and try again.';

/** Reads a control's value exactly as typed ('' when absent). */
export const formValue = (form: HTMLFormElement, name: string) => {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * What every account form shares: the error summary and field errors (GOV.UK pattern), a busy
 * state for the submit button, and the on-demand load of zod + tRPC (./auth-actions) on first
 * focus, so none of it weighs on the page's first load.
 */
export function useAuthForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(formRef);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const actions = useRef<Promise<AuthActions> | null>(null);

  const load = useCallback(() => {
    actions.current ??= import('./auth-actions')
      .then((module) => module.authActions)
      .catch((error: unknown) => {
        actions.current = null;
        throw error;
      });
    return actions.current;
  }, []);

  const onFocus = useCallback(() => {
    load().catch(() => undefined);
  }, [load]);

  /** Runs one submit: prevents a double send, shows the busy label, reports a failed code load. */
  const submit = useCallback(
    (work: (actions: AuthActions, form: HTMLFormElement) => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = formRef.current;
      if (!form || busyRef.current) return;
      busyRef.current = true;
      setBusy(true);
      try {
        await work(await load(), form);
      } catch {
        errors.showErrors({}, LOAD_FAILED_MESSAGE);
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [errors, load],
  );

  return { formRef, busy, onFocus, submit, ...errors };
}
