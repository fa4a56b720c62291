import {
  APPOINTMENT_LINK_FORMS,
  APPOINTMENT_LINK_PATHS,
  againQuery,
  doneQuery,
} from '../../../shared/forms/appointment-links';
import { AppForm } from '../../components/form/app-form';
import { trpc } from '../../lib/trpc';
import { withTrpc } from '../../lib/trpc-provider';
import { useLinkForm } from './use-link-form';

const PATH = APPOINTMENT_LINK_PATHS.cancel;

/** 'Cancel my appointment', asking nothing else: a plain post without JavaScript, booking.cancelByLink with it. */
function CancelFormLive({ token }: { token: string }) {
  const cancel = trpc.booking.cancelByLink.useMutation();
  const { form, busy, send } = useLinkForm('Your appointment was not cancelled. Try again, or call us.');
  const submit = form.submit(() =>
    send(
      async () => {
        const done = await cancel.mutateAsync({ token });
        return `${PATH}${doneQuery(done.reference)}`;
      },
      `${PATH}${againQuery(token)}`,
    ),
  );
  return (
    <AppForm
      form={{ ...form, formName: APPOINTMENT_LINK_FORMS.cancel }}
      onSubmit={submit}
      label="Cancel my appointment"
      submit={{ label: 'Cancel my appointment', busyLabel: 'Cancelling your appointment...', busy }}
    >
      <input type="hidden" name="token" value={token} />
    </AppForm>
  );
}

export const CancelForm = withTrpc(CancelFormLive);
