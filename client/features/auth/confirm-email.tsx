import { useState, type FormEvent } from 'react';
import { AppLink } from '../../components/app-link';
import { ButtonLink } from '../../components/button-link';
import { paths } from '../../app/paths';
import { trpc } from '../../lib/trpc';
import { withTrpc } from '../../lib/trpc-provider';
import { failureOf } from './auth-failure';
import { takeLinkToken } from './link-token';
import { useSearch } from 'wouter';
import { ACCOUNT_FORM } from '../../../shared/forms/account-forms';
import { FORM_NAME_FIELD, SENT_QUERY } from '../../../shared/forms/form-post';
import { useSubmissionErrors } from '../../components/form/use-submission-errors';

type State = { kind: 'ready' } | { kind: 'confirmed'; byPost?: boolean } | { kind: 'failed'; message: string };

const FAILED_MESSAGE = 'Could not confirm your email address. Please try again.';

/**
 * /confirm-email?token=…: the visitor presses a button to confirm. (Confirming on page load
 * would let mail scanners that open links use up the token.)
 */
function ConfirmEmailInner(_props: { initialValues?: Record<string, string> }) {
  // The live form renders only in the browser once the island loads, so the token can be read at once.
  const [token] = useState(takeLinkToken);
  // Without JavaScript the button posts (issue #15): the page it returns to says what happened.
  const query = new URLSearchParams(useSearch());
  const confirmedByPost =
    query.get(SENT_QUERY.form) === ACCOUNT_FORM.confirmEmail && query.get(SENT_QUERY.reference) === 'confirmed';
  const refused = useSubmissionErrors(ACCOUNT_FORM.confirmEmail, { failed: FAILED_MESSAGE })?.summary[0]?.message;
  const [state, setState] = useState<State>(() =>
    confirmedByPost
      ? { kind: 'confirmed', byPost: true }
      : refused
        ? { kind: 'failed', message: refused }
        : { kind: 'ready' },
  );
  const confirmEmail = trpc.auth.confirmEmail.useMutation();

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token || confirmEmail.isPending) return;
    try {
      await confirmEmail.mutateAsync({ token });
      setState({ kind: 'confirmed' });
    } catch (error) {
      const failure = failureOf(error);
      setState({
        kind: 'failed',
        message: failure.code === 'BAD_REQUEST' ? failure.message : FAILED_MESSAGE,
      });
    }
  };

  if (token === null && state.kind === 'ready') {
    return (
      <div className="app-auth__notice app-auth__notice--warning">
        <p>This confirmation link is not complete. Please use the whole link from the email.</p>
        <p>
          <AppLink href={paths.login()}>Log in to ask for a new link</AppLink>
        </p>
      </div>
    );
  }

  return (
    <div className="app-auth">
      <div role="status">
        {/* After a plain post, the page's notice already says it. */}
        {state.kind === 'confirmed' && !state.byPost ? (
          <div className="app-auth__notice">
            <p>Your email address is confirmed. You can log in now.</p>
          </div>
        ) : null}
      </div>
      <div role="alert">
        {state.kind === 'failed' ? (
          <div className="app-auth__notice app-auth__notice--warning">
            <p>{state.message}</p>
          </div>
        ) : null}
      </div>
      {state.kind === 'confirmed' || state.kind === 'failed' ? (
        <p>
          <ButtonLink href={paths.login()}>Go to Log In</ButtonLink>
        </p>
      ) : (
        <form method="post" onSubmit={(event) => void confirm(event)} aria-label="Confirm your email address">
          <input type="hidden" name={FORM_NAME_FIELD} value={ACCOUNT_FORM.confirmEmail} />
          <button type="submit" className="app-button app-button--primary" disabled={confirmEmail.isPending}>
            {confirmEmail.isPending ? 'Confirming...' : 'Confirm my email address'}
          </button>
        </form>
      )}
    </div>
  );
}

/** In its own tRPC provider: the page's island loads on demand, and React Query with it. */
export const ConfirmEmail = withTrpc(ConfirmEmailInner);
