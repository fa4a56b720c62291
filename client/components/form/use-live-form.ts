import { useCallback, useRef, type FormEvent } from 'react';
import { useFormErrors, type FormErrorsState } from './use-form-errors';

type LiveFormErrors = ReturnType<typeof useFormErrors>;

/**
 * The one form hook (issue #12.4), for the stored forms and the account forms alike: the
 * error summary and field errors (GOV.UK pattern), a guard that refuses a second send while
 * one is under way, and the on-demand load of the form's check code (zod and the shared
 * schema) on first focus, so none of it weighs on the page's first load. The busy label
 * comes from the procedure's tRPC mutation (`isPending`, issue #12.6), not from here.
 * `onLoadFailed` says what the visitor sees when that code cannot load (or fails).
 */
export function useLiveForm<M>(
  load: () => Promise<M>,
  onLoadFailed: (errors: LiveFormErrors) => void,
  initialErrors?: FormErrorsState,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const errors = useFormErrors(formRef, initialErrors);
  // A ref, not state: a double click lands before React re-renders the disabled button.
  const inFlight = useRef(false);
  const loaded = useRef<Promise<M> | null>(null);

  const loadOnce = useCallback(() => {
    loaded.current ??= load().catch((error: unknown) => {
      loaded.current = null;
      throw error;
    });
    return loaded.current;
  }, [load]);

  // Start fetching the check code as soon as the visitor starts on the form.
  const onFocus = useCallback(() => {
    loadOnce().catch(() => undefined);
  }, [loadOnce]);

  /**
   * Runs one submit: prevents a double send, reports a failed code load. The handler itself
   * returns nothing (React ignores a returned promise); the work runs on after it.
   */
  const submit = useCallback(
    (work: (module: M, form: HTMLFormElement) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = formRef.current;
      if (!form || inFlight.current) return;
      inFlight.current = true;
      void (async () => {
        try {
          await work(await loadOnce(), form);
        } catch {
          // The code could not load (offline, say) or the call failed unexpectedly: the data stay and
          // the visitor can retry.
          onLoadFailed(errors);
        } finally {
          inFlight.current = false;
        }
      })();
    },
    [errors, loadOnce, onLoadFailed],
  );

  return { formRef, onFocus, submit, ...errors };
}
