/**
 * The availability page's data and actions (issue #28.1): one query, a mutation per change. Each answer is said in one
 * line that takes the focus; a refusal with field errors is shown by its form instead.
 */
import { useRef, useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { useStaff } from '../staff-context';

type Caught = { message: string; data?: { fieldErrors?: Record<string, string[] | undefined> | null } | null };

export function useAvailability() {
  const { me } = useStaff();
  const utils = trpc.useUtils();
  const availability = trpc.bookingStaff.availability.useQuery();
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const say = (text: string, error = false) => {
    setNotice({ text, error });
    void utils.bookingStaff.availability.invalidate();
    void utils.bookingStaff.calendar.invalidate();
    requestAnimationFrame(() => noticeRef.current?.focus());
  };
  const onError = (caught: Caught) => {
    if (!Object.keys(caught.data?.fieldErrors ?? {}).length) say(caught.message, true);
  };
  const m = trpc.bookingStaff;
  const actions = {
    addClinician: m.addClinician.useMutation({ onError, onSuccess: () => say('Clinician added.') }),
    renameClinician: m.renameClinician.useMutation({ onError, onSuccess: () => say('Clinician renamed.') }),
    retireClinician: m.retireClinician.useMutation({
      onError,
      onSuccess: () => say('Clinician retired: no new bookings. Their booked times stay.'),
    }),
    reactivateClinician: m.reactivateClinician.useMutation({
      onError,
      onSuccess: () => say('Clinician takes bookings again.'),
    }),
    setService: m.setService.useMutation({ onError, onSuccess: () => say('Service saved.') }),
    removeService: m.removeService.useMutation({ onError, onSuccess: () => say('Service and its hours removed.') }),
    addHours: m.addHours.useMutation({ onError, onSuccess: () => say('Weekly hours added.') }),
    removeHours: m.removeHours.useMutation({ onError, onSuccess: () => say('Weekly hours removed.') }),
    addBlock: m.addBlock.useMutation({
      onError,
      onSuccess: (block) =>
        say(
          block.overlaps.length
            ? `Block added. It covers ${block.overlaps.length} booked ${block.overlaps.length === 1 ? 'time' : 'times'}: move ${block.overlaps.length === 1 ? 'it' : 'them'} (listed under the block).`
            : 'Block added.',
        ),
    }),
    removeBlock: m.removeBlock.useMutation({ onError, onSuccess: () => say('Block removed.') }),
    addClosure: m.addClosure.useMutation({ onError, onSuccess: () => say('Closed day added.') }),
    removeClosure: m.removeClosure.useMutation({ onError, onSuccess: () => say('Closed day removed.') }),
  };
  const busy = Object.values(actions).some((action) => action.isPending);
  return { isAdmin: me.role === 'admin', availability, notice, noticeRef, busy, ...actions };
}

export type AvailabilityActions = ReturnType<typeof useAvailability>;
export type AvailabilityData = NonNullable<AvailabilityActions['availability']['data']>;
export type ClinicianData = AvailabilityData['clinicians'][number];
