import { useState } from 'react';
import { useMutationForm } from '../../components/form/use-mutation-form';

/** The page explains these itself (a used link, a gone offer, a cancelled or past appointment): it is loaded again. */
const SHOWN_BY_THE_PAGE = new Set(['NOT_FOUND', 'CONFLICT', 'BAD_REQUEST']);

const codeOf = (error: unknown) => (error as { data?: { code?: unknown } } | null)?.data?.code;

/**
 * A link page's form with JavaScript: the same procedure as its plain post, then the same page the server would send
 * (a full load, so the page is drawn with the server's data). A refusal the page explains reloads it; any other
 * failure (too many tries, the network) shows in the error summary and the form stays as it was.
 */
export function useLinkForm(failedMessage: string) {
  const form = useMutationForm(failedMessage);
  const [busy, setBusy] = useState(false);
  const send = async (work: () => Promise<string>, again: string) => {
    setBusy(true);
    form.clearErrors();
    try {
      window.location.assign(await work());
    } catch (error) {
      setBusy(false);
      const code = codeOf(error);
      if (typeof code === 'string' && SHOWN_BY_THE_PAGE.has(code)) return window.location.assign(again);
      const message = error instanceof Error && typeof code === 'string' ? error.message : failedMessage;
      form.showErrors({}, message);
    }
  };
  return { form, busy, send };
}
