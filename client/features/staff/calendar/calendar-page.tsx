/**
 * The front desk's day (issue #28.7): a day for one clinician or all of them, or a week for one, in Lagos time. Each
 * clinician's times are a table, earliest first: a booked time names the patient, the service, the request's reference
 * (a link to its page) and attendance (Arrived / No-show, from the appointment's day on); a free time has a Book
 * button that opens the short form for a caller. Tables and native buttons: the keyboard and screen readers work.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { formatSlotTime } from '../../../../shared/booking/free-slots';
import { formatLagosDate } from '../../../../shared/lagos-date';
import { attendanceLabels, type Attendance } from '../../../../shared/schemas/availability';
import { paths } from '../../../app/paths';
import { ChoiceSelect } from '../../../components/form/choice-select';
import { StaffTitle } from '../staff-context';
import { StaffTable } from '../table-region';
import { BookForCaller, type ChosenTime } from './book-for-caller';
import { staffBookingPaths } from '../booking-paths';
import {
  calendarHref,
  shiftDate,
  useCalendar,
  type CalendarActions,
  type CalendarDayData,
  type CalendarItemData,
} from './use-calendar';

export function CalendarPage() {
  const actions = useCalendar();
  const { filter, calendar, notice, noticeRef } = actions;
  const [chosen, setChosen] = useState<ChosenTime | null>(null);
  const step = filter.view === 'week' ? 7 : 1;
  const unit = filter.view === 'week' ? 'week' : 'day';
  return (
    <>
      <StaffTitle title="Calendar" />
      <h1>Calendar</h1>
      <CalendarFilters actions={actions} />
      <nav aria-label="Move through the calendar" className="app-staff__filter-actions">
        <Link href={calendarHref({ ...filter, date: shiftDate(filter.date, -step) })}>Previous {unit}</Link>{' '}
        <Link href={calendarHref({ ...filter, date: actions.today })}>Today</Link>{' '}
        <Link href={calendarHref({ ...filter, date: shiftDate(filter.date, step) })}>Next {unit}</Link>
      </nav>
      <p
        ref={noticeRef}
        tabIndex={-1}
        role={notice?.error ? 'alert' : 'status'}
        className={`app-staff__notice${notice?.error ? ' app-staff__notice--error' : ''}`}
      >
        {notice?.text ?? ''}
      </p>
      {chosen ? (
        <BookForCaller
          key={`${chosen.clinicianId}-${chosen.startsAt}`}
          chosen={chosen}
          actions={actions}
          onClose={() => setChosen(null)}
        />
      ) : null}
      {calendar.isPending ? (
        <p role="status">Loading the calendar…</p>
      ) : calendar.isError ? (
        <p role="alert">Could not load the calendar: {calendar.error.message}</p>
      ) : calendar.data.clinicians.length === 0 ? (
        <p>
          No clinicians yet. An admin adds them on <Link href={staffBookingPaths.availability()}>Availability</Link>.
        </p>
      ) : (
        calendar.data.days.map((day) => <Day key={day.date} day={day} actions={actions} onBook={setChosen} />)
      )}
    </>
  );
}

function CalendarFilters({ actions }: { actions: CalendarActions }) {
  const { filter, setFilter, calendar } = actions;
  const clinicians = calendar.data?.clinicians ?? [];
  return (
    <form
      role="search"
      aria-label="Which days and clinicians"
      className="app-staff__filters"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const clinician = Number(data.get('clinician'));
        const date = data.get('date');
        const clinicianId = clinician > 0 ? clinician : null;
        setFilter({
          date: typeof date === 'string' && date ? date : filter.date,
          view: data.get('view') === 'week' && clinicianId !== null ? 'week' : 'day',
          clinicianId,
        });
      }}
    >
      <div className="app-field">
        <label className="app-field__label" htmlFor="calendar-date">
          Date
        </label>
        <input
          id="calendar-date"
          name="date"
          type="date"
          className="app-field__control"
          defaultValue={filter.date}
          key={filter.date}
        />
      </div>
      <ChoiceSelect
        id="calendar-view"
        name="view"
        label="View"
        options={[
          ['day', 'Day'],
          ['week', 'Week (one clinician)'],
        ]}
        defaultValue={filter.view}
        key={`view-${filter.view}`}
      />
      <ChoiceSelect
        id="calendar-clinician"
        name="clinician"
        label="Clinician"
        emptyLabel="All clinicians"
        options={clinicians.map(
          (clinician) => [clinician.id, clinician.active ? clinician.name : `${clinician.name} (retired)`] as const,
        )}
        defaultValue={filter.clinicianId ?? ''}
        key={`clinician-${filter.clinicianId ?? 'all'}-${clinicians.length}`}
      />
      <div className="app-staff__filter-actions">
        <button type="submit" className="app-button app-button--secondary">
          Show
        </button>
      </div>
    </form>
  );
}

function Day({
  day,
  actions,
  onBook,
}: {
  day: CalendarDayData;
  actions: CalendarActions;
  onBook: (chosen: ChosenTime) => void;
}) {
  const headingId = `day-${day.date}`;
  const { today } = actions;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>
        {formatLagosDate(day.date)}
        {day.closed ? ' (clinic closed)' : ''}
      </h2>
      {day.clinicians.map((clinician) => (
        <div key={clinician.id}>
          <h3>{clinician.name}</h3>
          {clinician.items.length === 0 ? (
            <p className="app-staff__empty">No booked or free times.</p>
          ) : (
            <StaffTable
              label={`${clinician.name}, ${formatLagosDate(day.date)}`}
              caption={`Times of ${clinician.name} on ${formatLagosDate(day.date)}, Lagos time, earliest first`}
              columns={['Time', 'Patient', 'Service', 'Reference', 'Attendance or action']}
            >
              {clinician.items.map((item) => (
                <ItemRow
                  key={`${item.kind}-${item.startsAt}-${item.service}`}
                  item={item}
                  mayMark={day.date <= today}
                  clinician={clinician}
                  actions={actions}
                  onBook={onBook}
                />
              ))}
            </StaffTable>
          )}
        </div>
      ))}
    </section>
  );
}

function ItemRow({
  item,
  mayMark,
  clinician,
  actions,
  onBook,
}: {
  item: CalendarItemData;
  mayMark: boolean;
  clinician: { id: number; name: string };
  actions: CalendarActions;
  onBook: (chosen: ChosenTime) => void;
}) {
  const time = `${formatSlotTime(item.startsAt)}–${formatSlotTime(item.endsAt)}`;
  if (item.kind === 'free')
    return (
      <tr>
        <td>{time}</td>
        <td>Free</td>
        <td>{item.service}</td>
        <td />
        <td>
          <button
            type="button"
            className="app-button app-button--secondary"
            onClick={() =>
              onBook({
                clinicianId: clinician.id,
                clinicianName: clinician.name,
                service: item.service,
                startsAt: item.startsAt,
              })
            }
          >
            Book<span className="app-visually-hidden"> {`${time}, ${item.service}, with ${clinician.name}`}</span>
          </button>
        </td>
      </tr>
    );
  return (
    <tr>
      <td>{time}</td>
      <td>{item.patientName}</td>
      <td>{item.service}</td>
      <td>
        <Link href={paths.staffRequest(item.requestId)}>{item.reference}</Link>
      </td>
      <td>
        {mayMark ? (
          <AttendanceButtons item={item} actions={actions} />
        ) : item.attendance ? (
          attendanceLabels[item.attendance]
        ) : (
          'Booked'
        )}
      </td>
    </tr>
  );
}

function AttendanceButtons({
  item,
  actions,
}: {
  item: Extract<CalendarItemData, { kind: 'booked' }>;
  actions: CalendarActions;
}) {
  const mark = (to: Attendance) =>
    actions.attendance.mutate({
      bookingId: item.bookingId,
      from: item.attendance,
      to: item.attendance === to ? null : to,
    });
  return (
    <span role="group" aria-label={`Attendance of ${item.patientName}`}>
      {(['arrived', 'no_show'] as const).map((value) => (
        <button
          key={value}
          type="button"
          className={`app-button ${item.attendance === value ? 'app-button--primary' : 'app-button--ghost'}`}
          aria-pressed={item.attendance === value}
          disabled={actions.attendance.isPending}
          onClick={() => mark(value)}
        >
          {attendanceLabels[value]}
        </button>
      ))}
    </span>
  );
}
