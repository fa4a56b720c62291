import { useEffect, useRef } from 'react';
import { formatSlotDay, formatSlotTime, lagosDateOf } from '../../../shared/booking/free-slots';
import { BOOKED_NOTICE_ID } from '../../../shared/forms/booking-forms';
import { paths } from '../../app/paths';

type BookedNoticeProps = { reference: string; startsAt: number; focus?: boolean };

/**
 * The booked time (issue #28.2): reference, day and time in Lagos, and where the links to change or cancel went. After
 * a plain post the page opens at it (#booking-sent); after the enhanced form the focus moves to it.
 */
export function BookedNotice({ reference, startsAt, focus = false }: BookedNoticeProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div ref={ref} className="app-form-sent app-booked" role="status" id={BOOKED_NOTICE_ID} tabIndex={-1}>
      <h2 className="app-form-sent__title">Your appointment is booked</h2>
      <p>
        {`${formatSlotDay(lagosDateOf(startsAt))} at ${formatSlotTime(startsAt)} (Lagos time). Your reference is `}
        <strong>{reference}</strong>.
      </p>
      <p>We have e-mailed you the confirmation, with links to change the time or cancel it.</p>
      <p>
        <a href={paths.bookAppointment()}>Book another appointment</a>
      </p>
    </div>
  );
}
