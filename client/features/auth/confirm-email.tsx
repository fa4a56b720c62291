import { useState, type FormEvent } from 'react';
import { AppLink } from '../../components/app-link';
import { ButtonLink } from '../../components/button-link';
import { paths } from '../../app/paths';
import { trpc } from '../../lib/trpc';
import { withTrpc } from '../../lib/trpc-provider';
import { failureOf } from './auth-failure';
import { takeLinkToken } from './link-token';

type State = { kind: 'ready' } | { kind: 'confirmed' } | { kind: 'failed'; message: string };

/**
 * /confirm-email?token=…: the visitor presses a button to confirm. (Confirming on page load
 * would let mail scanners that open links use up the token.)
 */
function ConfirmEmailInner(_props: { initialValues?: Record<string, string> }) {
  // The live form renders only in the browser once the island loads, so the token can be read at once.
  const [token] = useState(takeLinkToken);
  const [state, setState] = useState<State>({ kind: 'ready' });
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
        message:
          failure.code === 'BAD_REQUEST' ? failure.message : 'Could not confirm your email address. Please try again.',
      });
    }
  };

  if (token === null) {
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
        {state.kind === 'confirmed' ? (
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
        <form onSubmit={(event) => void confirm(event)} aria-label="Confirm your email address">
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
