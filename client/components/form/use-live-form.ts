import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useFormErrors } from './use-form-errors';

type LiveFormErrors = ReturnType<typeof useFormErrors>;

/**
 * The one form hook (issue #12.4), for the stored forms and the account forms alike: the
 * error summary and field errors (GOV.UK pattern), a busy state for the submit button that
 * also refuses a second send while one is under way, and the on-demand load of the form's
 * submit code (zod, the tRPC client) on first focus, so none of it weighs on the page's
 * first load. `onLoadFailed` says what the visitor sees when that code cannot load (or fails).
 */
export function useLiveForm<M>(load: () => Promise<M>, onLoadFailed: (errors: LiveFormErrors) => void) {
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(formRef);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const loaded = useRef<Promise<M> | null>(null);

  const loadOnce = useCallback(() => {
    loaded.current ??= load().catch((error: unknown) => {
      loaded.current = null;
      throw error;
    });
    return loaded.current;
  }, [load]);

  // Start fetching the submit code as soon as the visitor starts on the form.
  const onFocus = useCallback(() => {
    loadOnce().catch(() => undefined);
  }, [loadOnce]);

  /** Runs one submit: prevents a double send, shows the busy label, reports a failed code load. */
  const submit = useCallback(
    (work: (module: M, form: HTMLFormElement) => Promise<void>) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = formRef.current;
      if (!form || busyRef.current) return;
      busyRef.current = true;
      setBusy(true);
      try {
        await work(await loadOnce(), form);
      } catch {
        // The code could not load (offline, say) or the call failed unexpectedly: the data stay, the visitor can retry.
        onLoadFailed(errors);
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    [errors, loadOnce, onLoadFailed],
  );

  return { formRef, busy, onFocus, submit, ...errors };
}
