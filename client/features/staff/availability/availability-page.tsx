/**
 * Availability (issue #28.1): the clinicians, the services each offers with the slot length, weekly hours in Lagos
 * time, one-off blocks (with the booked times a block covers, to be moved) and the days the clinic is closed, beside
 * the public holidays (read-only). Admins change it; agents read it to answer callers.
 */
import { Link } from 'wouter';
import { lagosWallClockOf } from '../../../../shared/booking/free-slots';
import { formatLagosDate, formatLagosDateTime } from '../../../../shared/lagos-date';
import { WEEKDAY_NAMES, timeOfMinute } from '../../../../shared/schemas/availability';
import { paths } from '../../../app/paths';
import { ConfirmAction } from '../confirm-action';
import { StaffTitle } from '../staff-context';
import { StaffTable } from '../table-region';
import { AddClinicianForm, BlockForm, ClosureForm, HoursForm, RenameForm, ServiceForm } from './availability-forms';
import { useAvailability, type AvailabilityActions, type ClinicianData } from './use-availability';

const when = (at: number) => formatLagosDateTime(lagosWallClockOf(at));

export function AvailabilityPage() {
  const actions = useAvailability();
  const { availability, notice, noticeRef, isAdmin } = actions;
  return (
    <>
      <StaffTitle title="Availability" />
      <h1>Availability</h1>
      <p>
        {isAdmin
          ? 'Who can be booked, for which services, and when. Times are Lagos time (WAT).'
          : 'Who can be booked, for which services, and when (Lagos time). Only an admin can change it.'}
      </p>
      <p
        ref={noticeRef}
        tabIndex={-1}
        role={notice?.error ? 'alert' : 'status'}
        className={`app-staff__notice${notice?.error ? ' app-staff__notice--error' : ''}`}
      >
        {notice?.text ?? ''}
      </p>
      {availability.isPending ? (
        <p role="status">Loading availability…</p>
      ) : availability.isError ? (
        <p role="alert">Could not load availability: {availability.error.message}</p>
      ) : (
        <>
          {availability.data.clinicians.length === 0 ? <p>No clinicians yet.</p> : null}
          {availability.data.clinicians.map((clinician) => (
            <ClinicianSection key={clinician.id} clinician={clinician} actions={actions} />
          ))}
          {isAdmin ? <AddClinicianForm actions={actions} /> : null}
          <ClosedDays data={availability.data} actions={actions} />
        </>
      )}
    </>
  );
}

function ClinicianSection({ clinician, actions }: { clinician: ClinicianData; actions: AvailabilityActions }) {
  const headingId = `clinician-${clinician.id}`;
  const { isAdmin } = actions;
  return (
    <section aria-labelledby={headingId} className="app-staff__panel">
      <h2 id={headingId}>
        {clinician.name}
        {clinician.active ? '' : ' (retired)'}
      </h2>
      {isAdmin ? (
        <div className="app-staff__filter-actions">
          <RenameForm clinician={clinician} actions={actions} />
          {clinician.active ? (
            <ConfirmAction
              label="Retire"
              confirmLabel="Yes, retire"
              name={clinician.name}
              busy={actions.busy}
              onConfirm={() => actions.retireClinician.mutate({ clinicianId: clinician.id })}
            />
          ) : (
            <button
              type="button"
              className="app-button app-button--secondary"
              disabled={actions.busy}
              onClick={() => actions.reactivateClinician.mutate({ clinicianId: clinician.id })}
            >
              Take bookings again<span className="app-visually-hidden">: {clinician.name}</span>
            </button>
          )}
        </div>
      ) : null}
      <h3>Services and weekly hours</h3>
      {clinician.services.length === 0 ? (
        <p>No services yet: nobody can book {clinician.name} online.</p>
      ) : (
        <StaffTable
          label={`Services of ${clinician.name}`}
          caption={`Services and weekly hours of ${clinician.name}`}
          columns={['Service', 'Slot length', 'Weekly hours (Lagos time)', ...(isAdmin ? [{ hidden: 'Actions' }] : [])]}
        >
          {clinician.services.map((row) => (
            <tr key={row.service}>
              <td>{row.service}</td>
              <td>{row.slotMinutes} minutes</td>
              <td>
                {row.hours.length === 0 ? (
                  'No hours yet'
                ) : (
                  <ul className="app-staff__choices">
                    {row.hours.map((hours) => {
                      const text = `${WEEKDAY_NAMES[hours.weekday - 1]} ${timeOfMinute(hours.start)}–${timeOfMinute(hours.end)}`;
                      return (
                        <li key={hours.id}>
                          {text}{' '}
                          {isAdmin ? (
                            <button
                              type="button"
                              className="app-button app-button--ghost"
                              disabled={actions.busy}
                              onClick={() => actions.removeHours.mutate({ hoursId: hours.id })}
                            >
                              Remove<span className="app-visually-hidden"> {`${row.service} ${text}`}</span>
                            </button>
                          ) : null}
                        </li>
                      );
                    })}
                  </ul>
                )}
              </td>
              {isAdmin ? (
                <td>
                  <ConfirmAction
                    label="Stop offering"
                    confirmLabel="Yes, stop offering"
                    name={`${row.service} with ${clinician.name}`}
                    busy={actions.busy}
                    onConfirm={() =>
                      actions.removeService.mutate({
                        clinicianId: clinician.id,
                        service: row.service,
                      })
                    }
                  />
                </td>
              ) : null}
            </tr>
          ))}
        </StaffTable>
      )}
      {isAdmin ? (
        <>
          <h4>Offer a service or change its slot length</h4>
          <ServiceForm clinician={clinician} actions={actions} />
          <h4>Add weekly hours</h4>
          <HoursForm clinician={clinician} actions={actions} />
        </>
      ) : null}
      <h3>Blocked time</h3>
      <Blocks clinician={clinician} actions={actions} />
      {isAdmin ? <BlockForm clinician={clinician} actions={actions} /> : null}
    </section>
  );
}

function Blocks({ clinician, actions }: { clinician: ClinicianData; actions: AvailabilityActions }) {
  if (!clinician.blocks.length) return <p>No blocked time ahead.</p>;
  return (
    <ul className="app-staff__history">
      {clinician.blocks.map((block) => (
        <li key={block.id}>
          <p>
            <strong>{block.reason}</strong>: from {when(block.startsAt)} until {when(block.endsAt)}{' '}
            {actions.isAdmin ? (
              <button
                type="button"
                className="app-button app-button--ghost"
                disabled={actions.busy}
                onClick={() => actions.removeBlock.mutate({ blockId: block.id })}
              >
                Remove block<span className="app-visually-hidden"> {block.reason}</span>
              </button>
            ) : null}
          </p>
          {block.overlaps.length ? (
            <>
              <p className="app-staff__notice app-staff__notice--error">
                This block covers {block.overlaps.length} booked {block.overlaps.length === 1 ? 'time' : 'times'}. Open
                each request to move it:
              </p>
              <ul>
                {block.overlaps.map((booking) => (
                  <li key={booking.reference}>
                    <Link href={paths.staffRequest(booking.requestId)}>{booking.reference}</Link>: {booking.patientName}
                    , {booking.service}, {when(booking.startsAt)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function ClosedDays({
  data,
  actions,
}: {
  data: NonNullable<AvailabilityActions['availability']['data']>;
  actions: AvailabilityActions;
}) {
  const rows = [
    ...data.closures.map((row) => ({ date: row.date, reason: row.reason, closure: true })),
    ...data.holidays.map((row) => ({ date: row.date, reason: row.name, closure: false })),
  ].sort((a, b) => a.date.localeCompare(b.date));
  return (
    <section aria-labelledby="closed-days" className="app-staff__panel">
      <h2 id="closed-days">Days the clinic is closed</h2>
      <p>
        Nobody can book these days. Public holidays come from the list the chat desk uses and cannot be changed here.
      </p>
      <StaffTable
        label="Closed days"
        caption="Days the clinic is closed, soonest first"
        columns={['Date', 'Reason', 'Kind', ...(actions.isAdmin ? [{ hidden: 'Actions' }] : [])]}
      >
        {rows.map((row) => (
          <tr key={`${row.date}-${row.closure ? 'closure' : row.reason}`}>
            <td>{formatLagosDate(row.date)}</td>
            <td>{row.reason}</td>
            <td>{row.closure ? 'Clinic closure' : 'Public holiday'}</td>
            {actions.isAdmin ? (
              <td>
                {row.closure ? (
                  <button
                    type="button"
                    className="app-button app-button--ghost"
                    disabled={actions.busy}
                    onClick={() => actions.removeClosure.mutate({ date: row.date })}
                  >
                    Reopen<span className="app-visually-hidden"> {formatLagosDate(row.date)}</span>
                  </button>
                ) : null}
              </td>
            ) : null}
          </tr>
        ))}
      </StaffTable>
      {actions.isAdmin ? <ClosureForm actions={actions} /> : null}
    </section>
  );
}
