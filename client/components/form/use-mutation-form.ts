import { useCallback } from 'react';
import { isAppClientError, serverFieldErrors } from './server-errors';
import { useAppForm } from './use-app-form';

/**
 * `useAppForm` for a form whose send is a tRPC mutation and whose fields are plain children (the staff and agent
 * forms, issue #26.1): no check code to load, no plain post. `send` runs one mutation's promise, clears the last errors
 * first, and shows the server's field errors in the summary and at the fields; it answers whether the send went. A
 * failure without field errors is left to whoever says it (the mutation's own `onError`, a notice line).
 */
export function useMutationForm(failedMessage: string) {
  const form = useAppForm({ onLoadFailed: (errors) => errors.showErrors({}, failedMessage) });
  const { clearErrors, showErrors } = form;
  const send = useCallback(
    async (sending: Promise<unknown>): Promise<boolean> => {
      clearErrors();
      try {
        await sending;
        return true;
      } catch (error) {
        const fieldErrors = isAppClientError(error) ? serverFieldErrors(error) : null;
        if (fieldErrors) showErrors(fieldErrors);
        return false;
      }
    },
    [clearErrors, showErrors],
  );
  return { ...form, send };
}
