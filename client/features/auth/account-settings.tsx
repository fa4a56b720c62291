import { useEffect, useRef, useState, type FormEvent, type FormEventHandler } from 'react';
import { setPageAuthState } from '../../../shared/auth-state';
import { useLocation, useSearch } from 'wouter';
import { ACCOUNT_FORM, DASHBOARD_PAGE, DASHBOARD_STEP_QUERY, MY_DATA_PATH } from '../../../shared/forms/account-forms';
import { AppForm } from '../../components/form/app-form';
import { SubmitButton } from '../../components/form/submit-button';
import { useAppForm } from '../../components/form/use-app-form';
import { useToast } from '../../components/toast/toast-provider';
import { paths } from '../../app/paths';
import { brand } from '../../../shared/brand';
import { CURRENT_PASSWORD_REQUIRED_MESSAGE } from '../../../shared/messages/auth-messages';
import { trpc } from '../../lib/trpc';
import { failureOf } from './auth-failure';
import { PasswordField } from './password-field';
import './auth.css';
import { clickLink } from '../../lib/click-link';

const KEEP_ACCOUNT_FORM_ID = 'keep-account';
const DELETE_FAILED = 'Could not delete your account. Please try again.';

/** Saves JSON as a file through a temporary object URL. */
function saveJson(fileName: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  clickLink(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The dashboard's #settings: take your data with you, or delete the account (issue #5, data rights). Each works
 * without JavaScript too (issue #15): the download is a GET of the JSON file, the confirmation step opens with
 * ?confirm=delete, and the deletion is a plain post through the same procedure.
 */
export function AccountSettings() {
  const { toast } = useToast();
  const [, navigate] = useLocation();
  const askedToConfirm = new URLSearchParams(useSearch()).get(DASHBOARD_STEP_QUERY.deleteAccount) === 'delete';
  // Fetched only when asked for; gcTime 0 drops it from the query cache once the settings unmount
  // (it is personal data).
  const myData = trpc.auth.downloadMyData.useQuery(undefined, { enabled: false, gcTime: 0 });
  const deleteMyAccount = trpc.auth.deleteAccount.useMutation();
  const [confirming, setConfirming] = useState(askedToConfirm);
  const downloading = myData.isFetching;
  const deleting = deleteMyAccount.isPending;
  // The form kit: the errors of a refused plain post, the error summary, the field error and the double-send guard.
  const errors = useAppForm({
    formName: ACCOUNT_FORM.deleteAccount,
    onLoadFailed: (form) => form.showErrors({}, DELETE_FAILED),
  });

  // The confirmation step opens with the cursor in its password field (when the visitor opened it here).
  const openedHere = useRef(false);
  useEffect(() => {
    if (confirming && openedHere.current) document.getElementById('delete-password')?.focus();
  }, [confirming]);

  const openStep = (event: FormEvent<HTMLFormElement>, open: boolean) => {
    event.preventDefault();
    openedHere.current = open;
    if (!open) errors.clearErrors();
    setConfirming(open);
  };

  const download = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (downloading) return;
    const result = await myData.refetch();
    if (result.isSuccess) {
      saveJson(`${brand.slug}-my-data.json`, result.data);
      toast({ title: 'Download Ready', description: 'Your data has been saved as a JSON file.' });
    } else {
      toast({
        title: 'Download Failed',
        description: 'Could not download your data. Please try again.',
        variant: 'destructive',
      });
    }
  };

  const deleteAccount = errors.submit(async (_nothing, element) => {
    const password = new FormData(element).get('password');
    if (typeof password !== 'string' || !password)
      return errors.showErrors({ password: CURRENT_PASSWORD_REQUIRED_MESSAGE });
    try {
      await deleteMyAccount.mutateAsync({ password });
      toast({ title: 'Account Deleted', description: 'Your account has been deleted and you have been logged out.' });
      setPageAuthState(null);
      navigate(paths.home());
    } catch (error) {
      const failure = failureOf(error);
      if (failure.fieldErrors) errors.showErrors(failure.fieldErrors);
      else errors.showErrors({}, failure.code === 'TOO_MANY_REQUESTS' ? failure.message : DELETE_FAILED);
    }
  });

  return (
    <section id="settings" className="app-dashboard__settings" aria-labelledby="settings-heading" tabIndex={-1}>
      <h2 id="settings-heading">Settings</h2>
      <div className="app-dashboard__setting">
        <h3>Download my data</h3>
        <p>
          Get a copy of everything stored with your account (your name, email address, when you joined and your active
          log-ins) as a JSON file.
        </p>
        <form method="get" action={MY_DATA_PATH} onSubmit={(event) => void download(event)}>
          <button type="submit" className="app-button app-button--secondary" disabled={downloading}>
            {downloading ? 'Preparing Download...' : 'Download my data'}
          </button>
        </form>
      </div>
      <div className="app-dashboard__setting">
        <h3>Delete my account</h3>
        <p>This cannot be undone.</p>
        {!confirming ? (
          <form method="get" action={`${DASHBOARD_PAGE}#settings`} onSubmit={(event) => openStep(event, true)}>
            <input type="hidden" name={DASHBOARD_STEP_QUERY.deleteAccount} value="delete" />
            <button type="submit" className="app-button app-button--danger">
              Delete my account
            </button>
          </form>
        ) : (
          <DeleteAccountForm form={errors} deleting={deleting} onSubmit={deleteAccount} />
        )}
        {/* Cancel without JavaScript: back to the dashboard with the step closed. */}
        <form
          id={KEEP_ACCOUNT_FORM_ID}
          method="get"
          action={`${DASHBOARD_PAGE}#settings`}
          onSubmit={(event) => openStep(event, false)}
        />
      </div>
    </section>
  );
}

/** The confirmation step: what goes and what stays, the password, and the two buttons (Cancel closes the step). */
function DeleteAccountForm({
  form,
  deleting,
  onSubmit,
}: {
  form: ReturnType<typeof useAppForm>;
  deleting: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
}) {
  return (
    <AppForm
      form={form}
      onSubmit={onSubmit}
      labelledBy="delete-heading"
      className="app-form app-auth__notice app-auth__notice--warning"
      lead={
        <>
          <h4 id="delete-heading">Are you sure you want to delete your account?</h4>
          <p>
            We will delete your account: your name, email address and password, and every log-in session. You will be
            logged out on all your devices.
          </p>
          <p>
            We keep forms you have sent us (appointment requests, service orders, trip plans, job applications and
            newsletter sign-ups). They are not linked to your account, and our team may still need them to answer you.
            To have those removed too, email {brand.email}.
          </p>
        </>
      }
    >
      <PasswordField
        id="delete-password"
        name="password"
        label="Enter your password to confirm"
        autoComplete="current-password"
        error={form.fieldErrors.password}
      />
      <div className="app-button-row">
        <SubmitButton busy={deleting} busyLabel="Deleting Account..." className="app-button--danger">
          Delete my account permanently
        </SubmitButton>
        <button type="submit" form={KEEP_ACCOUNT_FORM_ID} className="app-button app-button--ghost" disabled={deleting}>
          Cancel
        </button>
      </div>
    </AppForm>
  );
}
