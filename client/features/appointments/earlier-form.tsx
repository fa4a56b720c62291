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

const PATH = APPOINTMENT_LINK_PATHS.earlier;

/** 'Take the earlier time': a plain post without JavaScript, booking.takeOffer with it. */
function EarlierFormLive({ token }: { token: string }) {
  const take = trpc.booking.takeOffer.useMutation();
  const { form, busy, send } = useLinkForm('The earlier time was not taken. Try again, or call us.');
  const submit = form.submit(() =>
    send(
      async () => {
        const done = await take.mutateAsync({ token });
        return `${PATH}${doneQuery(done.reference, done.startsAt)}`;
      },
      `${PATH}${againQuery(token)}`,
    ),
  );
  return (
    <AppForm
      form={{ ...form, formName: APPOINTMENT_LINK_FORMS.earlier }}
      onSubmit={submit}
      label="Take the earlier time"
      submit={{ label: 'Take the earlier time', busyLabel: 'Taking the earlier time...', busy }}
    >
      <input type="hidden" name="token" value={token} />
    </AppForm>
  );
}

export const EarlierForm = withTrpc(EarlierFormLive);
