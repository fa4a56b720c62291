/**
 * The front desk's calendar (issue #28.7): the day or week in the address (?date=&view=&clinician=), so Back and a
 * shared link show the same view; booking for a caller and attendance, each answered in one focused line.
 */
import { useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { lagosDateOf } from '../../../../shared/booking/free-slots';
import { trpc } from '../../../lib/trpc';

export const CALENDAR_PATH = '/staff/calendar';

export type CalendarFilter = { date: string; view: 'day' | 'week'; clinicianId: number | null };

const DAY_MS = 24 * 60 * 60_000;

/** A Lagos date moved by whole days. */
export const shiftDate = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export function calendarHref(filter: CalendarFilter) {
  const query = new URLSearchParams({ date: filter.date, view: filter.view });
  if (filter.clinicianId !== null) query.set('clinician', String(filter.clinicianId));
  return `${CALENDAR_PATH}?${query.toString()}`;
}

function filterOf(search: string, today: string): CalendarFilter {
  const query = new URLSearchParams(search);
  const date = query.get('date') ?? '';
  const clinician = Number(query.get('clinician'));
  return {
    date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : today,
    view: query.get('view') === 'week' ? 'week' : 'day',
    clinicianId: Number.isInteger(clinician) && clinician > 0 ? clinician : null,
  };
}

export function useCalendar() {
  const search = useSearch();
  const [, navigate] = useLocation();
  // Today in Lagos, when the page opened: the default day, and from when attendance may be marked.
  const [today] = useState(() => lagosDateOf(Date.now()));
  const filter = filterOf(search, today);
  const utils = trpc.useUtils();
  const calendar = trpc.bookingStaff.calendar.useQuery(filter);
  const [notice, setNotice] = useState<{ text: string; error: boolean; reference?: string } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const say = (text: string, error = false) => {
    setNotice({ text, error });
    void utils.bookingStaff.calendar.invalidate();
    requestAnimationFrame(() => noticeRef.current?.focus());
  };
  const attendance = trpc.bookingStaff.setAttendance.useMutation({
    onSuccess: (answer) =>
      say(
        answer.attendance === 'arrived'
          ? 'Marked as arrived.'
          : answer.attendance === 'no_show'
            ? 'Marked as no-show.'
            : 'Attendance cleared.',
      ),
    onError: (error) => say(error.message, true),
  });
  const book = trpc.bookingStaff.book.useMutation();
  return {
    today,
    filter,
    setFilter: (next: CalendarFilter) => navigate(calendarHref(next)),
    calendar,
    notice,
    noticeRef,
    say,
    attendance,
    book,
  };
}

export type CalendarActions = ReturnType<typeof useCalendar>;
export type CalendarData = NonNullable<CalendarActions['calendar']['data']>;
export type CalendarDayData = CalendarData['days'][number];
export type CalendarItemData = CalendarDayData['clinicians'][number]['items'][number];
