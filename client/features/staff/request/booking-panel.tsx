/**
 * A booked request's time (issue #28.4, staff side): when, with whom, the service, attendance and the video link;
 * while it is ahead, Reschedule (any free time of the next 60 days, no lead time) and Send new links (the patient's
 * old links stop working). Cancel is the status form's: cancelling the request cancels its booking. A request with
 * no booking shows nothing here.
 */
import { useState } from 'react';
import { formatSlotTime, groupByDay, lagosWallClockOf } from '../../../../shared/booking/free-slots';
import { formatLagosDate, formatLagosDateTime } from '../../../../shared/lagos-date';
import { attendanceLabels } from '../../../../shared/schemas/availability';
import { AppForm } from '../../../components/form/app-form';
import { FieldWrapper } from '../../../components/form/field-wrapper';
import { formValue } from '../../../components/form/form-value';
import { useMutationForm } from '../../../components/form/use-mutation-form';
import { trpc } from '../../../lib/trpc';
import type { RequestAnswer } from './use-request';

export function BookingPanel({ requestId, answer }: { requestId: number; answer: RequestAnswer }) {
  const utils = trpc.useUtils();
  const booking = trpc.bookingStaff.requestBooking.useQuery({ requestId });
  const [picking, setPicking] = useState(false);
  const refresh = () => {
    void utils.bookingStaff.requestBooking.invalidate({ requestId });
    void utils.staff.request.invalidate({ id: requestId });
    void utils.bookingStaff.calendar.invalidate();
  };
  const resend = trpc.bookingStaff.resendLinks.useMutation({
    onSuccess: () => {
      answer.say('New links sent. The links the patient had before no longer work.');
      refresh();
    },
    onError: (error) => answer.fail(error.message),
  });
  const data = booking.data;
  if (!data) return null;
  return (
    <section aria-labelledby="request-booking" className="app-staff__panel">
      <h2 id="request-booking">Booked time</h2>
      <dl className="app-staff__fields">
        <dt>When</dt>
        <dd>{formatLagosDateTime(lagosWallClockOf(data.startsAt))}</dd>
        <dt>With</dt>
        <dd>{data.clinicianName}</dd>
        <dt>Service</dt>
        <dd>{data.service}</dd>
        <dt>Status</dt>
        <dd>{data.status === 'cancelled' ? 'Cancelled' : 'Booked'}</dd>
        <dt>Attendance</dt>
        <dd>{data.attendance ? attendanceLabels[data.attendance] : 'Not marked'}</dd>
        {data.videoLink ? (
          <>
            <dt>Video link</dt>
            <dd>
              <a href={data.videoLink} target="_blank" rel="noreferrer">
                {data.videoLink}
              </a>
            </dd>
          </>
        ) : null}
      </dl>
      {data.upcoming ? (
        <>
          <p>
            <button
              type="button"
              className="app-button app-button--secondary"
              aria-expanded={picking}
              onClick={() => setPicking(!picking)}
            >
              Reschedule
            </button>{' '}
            <button
              type="button"
              className="app-button app-button--secondary"
              disabled={resend.isPending}
              onClick={() => resend.mutate({ requestId })}
            >
              Send new links
            </button>
          </p>
          {picking ? (
            <RescheduleForm
              requestId={requestId}
              service={data.service}
              answer={answer}
              onDone={() => {
                setPicking(false);
                refresh();
              }}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function RescheduleForm({
  requestId,
  service,
  answer,
  onDone,
}: {
  requestId: number;
  service: string;
  answer: RequestAnswer;
  onDone: () => void;
}) {
  const free = trpc.bookingStaff.freeSlots.useQuery({ service });
  const reschedule = trpc.bookingStaff.reschedule.useMutation();
  const form = useMutationForm('Could not move the appointment.');
  const onSubmit = form.submit(async (_nothing, element) => {
    const sending = reschedule.mutateAsync({ requestId, slot: formValue(element, 'slot') });
    if (!(await form.send(sending))) return;
    const moved = await sending;
    if (moved.moved) {
      answer.say(`Moved to ${formatLagosDateTime(lagosWallClockOf(moved.startsAt))}. The patient gets new links.`);
      onDone();
    } else answer.fail(moved.message);
  });
  if (free.isPending) return <p role="status">Loading free times…</p>;
  if (free.isError) return <p role="alert">Could not load the free times: {free.error.message}</p>;
  if (!free.data.length) return <p>No free time for {service} in the next 60 days.</p>;
  const days = groupByDay(free.data.map((slot) => ({ ...slot, clinicianIds: [] })));
  return (
    <AppForm
      form={form}
      onSubmit={onSubmit}
      label="Move to another time"
      className="app-staff__inline-form"
      submit={{ label: 'Move the appointment', busyLabel: 'Moving…', busy: reschedule.isPending }}
    >
      <FieldWrapper id="reschedule-slot" label="New time (Lagos time)" error={form.fieldErrors.slot}>
        {(describedBy) => (
          <select
            id="reschedule-slot"
            name="slot"
            className="app-field__control"
            aria-describedby={describedBy}
            aria-invalid={form.fieldErrors.slot ? true : undefined}
          >
            {days.map((day) => (
              <optgroup key={day.date} label={formatLagosDate(day.date)}>
                {day.slots.map((slot) => (
                  <option key={slot.startsAt} value={String(slot.startsAt)}>
                    {`${formatLagosDate(day.date)}, ${formatSlotTime(slot.startsAt)}`}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        )}
      </FieldWrapper>
    </AppForm>
  );
}
