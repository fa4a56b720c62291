import { SLOT_CHOICE_MESSAGE } from '../../../shared/schemas/booking';
import {
  APPOINTMENT_LINK_FORMS,
  APPOINTMENT_LINK_PATHS,
  againQuery,
  doneQuery,
  type LinkSlot,
} from '../../../shared/forms/appointment-links';
import { AppForm } from '../../components/form/app-form';
import { formValue } from '../../components/form/form-value';
import { trpc } from '../../lib/trpc';
import { withTrpc } from '../../lib/trpc-provider';
import { SlotPicker } from '../booking/slot-picker';
import { useLinkForm } from './use-link-form';

const PATH = APPOINTMENT_LINK_PATHS.reschedule;

/** The free times and 'Move my appointment': a plain post without JavaScript, booking.rescheduleByLink with it. */
function RescheduleFormLive({
  token,
  slots,
  choose,
}: {
  token: string;
  slots: LinkSlot[];
  /** Posted before without a time. */
  choose: boolean;
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
      <SlotPicker
        id="reschedule-slot"
        legend="Choose a new time (Lagos time)"
        slots={slots}
        hint="Your current time stays yours until you move."
        error={form.fieldErrors.slot ?? serverChoose}
      />
    </AppForm>
  );
}

export const RescheduleForm = withTrpc(RescheduleFormLive);
