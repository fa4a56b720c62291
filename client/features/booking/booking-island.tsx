import type { ComponentType } from 'react';
import { Island, type LiveProps } from '../../rendering/island';
import { BOOKING_FORM } from '../../../shared/forms/booking-forms';
// The live form rendered into the server's HTML; a stub in the browser, where the form's code loads on first use.
import { BookingForm } from './booking-form.server';
import type { SlotOption } from './slot-picker';

type BookingIslandProps = { service: string; slots: readonly SlotOption[] };

const failure = {
  title: 'Booking Failed',
  description: 'Could not book this time. Please try again.',
  variant: 'destructive',
} as const;

let live: { key: string; Component: ComponentType<LiveProps> } | null = null;
/** The live form an island swaps in: one component for the page's service and times, kept. */
const liveFor = ({ service, slots }: BookingIslandProps) =>
  import('./booking-form').then(({ BookingForm: Live }) => {
    const key = `${service}:${slots.map((slot) => slot.startsAt).join(',')}`;
    if (live?.key !== key)
      live = { key, Component: (props: LiveProps) => <Live {...props} service={service} slots={slots} /> };
    return live.Component;
  });

/** The booking form (issue #28.2) as an island: HTML first, its code (with tRPC and zod) on first use. */
export function BookingIsland(props: BookingIslandProps) {
  return (
    <Island
      id={BOOKING_FORM}
      load={() => liveFor(props)}
      server={<BookingForm service={props.service} slots={props.slots} />}
      failure={failure}
    />
  );
}
