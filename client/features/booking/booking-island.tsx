import type { ComponentProps } from 'react';
import { Island } from '../../rendering/island';
// The live form rendered into the server's HTML; a stub in the browser, where the form's code loads on first use.
import { BookingForm } from './booking-form.server';
import type { SlotOption } from './slot-picker';

type BookingIslandProps = {
  service: string;
  slots: readonly SlotOption[];
  /** The toast when the form's code cannot load: the request form's own, handed in by the page (one copy of it). */
  failure: ComponentProps<typeof Island>['failure'];
};

/** The booking form (issue #28.2) as an island: HTML first, its code (with tRPC and zod) on first use. */
export function BookingIsland({ service, slots, failure }: BookingIslandProps) {
  return (
    <Island
      // BOOKING_FORM (shared/forms/booking-forms.ts), written out: the page's first load takes nothing else from there.
      id="booking"
      load={() => import('./booking-form').then((module) => module.liveBookingForm(service, slots))}
      server={<BookingForm service={service} slots={slots} />}
      failure={failure}
    />
  );
}
