import { useAppForm } from '../../components/form/use-app-form';
import type { AuthActions } from './auth-actions';

/** What the page's form island passes when the live form takes over from the prerendered markup. */
export type AuthFormProps = { initialValues?: Record<string, string> };

const LOAD_FAILED_MESSAGE = 'Could not reach our service. Check your internet connection and try again.';

// Module-level, so the hook's callbacks stay stable across renders.
const loadAuthActions = () => import('./auth-actions').then((module) => module.authActions);
const showLoadFailed = (errors: { showErrors: (fieldErrors: Record<string, string>, formMessage?: string) => void }) =>
  errors.showErrors({}, LOAD_FAILED_MESSAGE);

/**
 * The account forms' use of the one form hook: their submit code is ./auth-actions, loaded on first focus. A form that
 * also works as a plain HTML post names itself (its island id), so the server's answer can show its errors.
 */
export const useAuthForm = (formName?: string, failedMessage?: string) =>
  useAppForm<AuthActions>({
    load: loadAuthActions,
    onLoadFailed: showLoadFailed,
    formName,
    postMessages: { failed: failedMessage },
  });
