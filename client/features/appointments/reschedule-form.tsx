import type { ReactNode } from 'react';
import { SLOT_CHOICE_MESSAGE } from '../../../shared/schemas/booking';
import {
  APPOINTMENT_LINK_FORMS,
  APPOINTMENT_LINK_PATHS,
  againQuery,
  doneQuery,
} from '../../../shared/forms/appointment-links';
import { AppForm } from '../../components/form/app-form';
import { formValue } from '../../components/form/form-value';
import { trpc } from '../../lib/trpc';
import { withTrpc } from '../../lib/trpc-provider';
import { useLinkForm } from './use-link-form';

const PATH = APPOINTMENT_LINK_PATHS.reschedule;

/**
 * The free times and 'Move my appointment': a plain post without JavaScript, booking.rescheduleByLink with it. The
 * page gives the list of times (the booking feature's SlotPicker: features do not import each other), with the
 * field's message.
 */
function RescheduleFormLive({
  token,
  choose,
  picker,
}: {
  token: string;
  /** Posted before without a time. */
  choose: boolean;
  /** The times, as radio buttons named 'slot', showing `error`. */
  picker: (error: string | undefined) => ReactNode;
}) {
  const reschedule = trpc.booking.rescheduleByLink.useMutation();
  const { form, busy, send } = useLinkForm('Your appointment was not moved. Try again, or call us.');
  const serverChoose = choose && !form.summary.length ? SLOT_CHOICE_MESSAGE : undefined;
  const submit = form.submit(async (_nothing, element) => {
    const slot = formValue(element, 'slot');
    if (!slot) return form.showErrors({ slot: SLOT_CHOICE_MESSAGE });
    await send(
      async () => {
        const result = await reschedule.mutateAsync({ token, slot });
        return result.moved
          ? `${PATH}${doneQuery(result.reference, result.startsAt)}`
          : `${PATH}${againQuery(token, { taken: slot })}`;
      },
      `${PATH}${againQuery(token)}`,
    );
  });
  return (
    <AppForm
      form={{ ...form, formName: APPOINTMENT_LINK_FORMS.reschedule }}
      onSubmit={submit}
      label="Move my appointment"
      submit={{ label: 'Move my appointment', busyLabel: 'Moving your appointment...', busy }}
    >
      <input type="hidden" name="token" value={token} />
      {picker(form.fieldErrors.slot ?? serverChoose)}
    </AppForm>
  );
}

export const RescheduleForm = withTrpc(RescheduleFormLive);
