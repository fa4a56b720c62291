/**
 * What staff control for booking (issue #28.1) and the front desk's day (issue #28.7): clinicians, the services they
 * offer with a slot length, weekly hours in Lagos time, one-off blocks, closed days; the calendar; booking for a
 * caller; attendance. Every refusal names its field.
 */
import { z } from 'zod';
import { FIELD_MAX } from '../form-options';
import { isIsoDate } from '../lagos-date';
import {
  consentNeedsPhone,
  messageConsentShape,
  optionalText,
  requiredDate,
  requiredName,
  requiredText,
  submissionKeyShape,
  EMAIL_FORMAT_MESSAGE,
  PHONE_FORMAT_MESSAGE,
  cleanString,
} from './field-rules';
import { serviceShape, slotStartShape } from './booking';

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const CLINICIAN_NAME_MESSAGE = "Enter the clinician's name.";
export const SLOT_MINUTES_MESSAGE = 'Slot length must be a whole number of minutes from 15 to 240, in steps of 15.';
export const WEEKDAY_MESSAGE = 'Select the day of the week.';
export const TIME_FORMAT_MESSAGE = 'Enter a time as HH:MM in Lagos time, like 09:00.';
export const END_AFTER_START_MESSAGE = 'The end time must be after the start time.';
export const DATETIME_FORMAT_MESSAGE = 'Enter a date and time, like 2026-12-01T09:00 (Lagos time).';
export const BLOCK_REASON_MESSAGE = 'Enter the reason, like Leave or Training.';
export const CLOSURE_DATE_MESSAGE = 'Enter the date the clinic is closed.';
export const CLOSURE_REASON_MESSAGE = 'Enter the reason the clinic is closed.';
export const PHONE_REQUIRED_MESSAGE = "Enter the caller's phone number.";
export const CALLER_NAME_MESSAGE = "Enter the caller's full name.";

const id = (message: string) => z.number({ error: message }).int({ error: message }).positive({ error: message });
const clinicianId = id('Select a clinician.');

/** 'HH:MM' → minutes after midnight; '24:00' is allowed as an end. */
export function minuteOfTime(value: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

/** Minutes after midnight → 'HH:MM'. */
export const timeOfMinute = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

const timeShape = z
  .string({ error: TIME_FORMAT_MESSAGE })
  .trim()
  .refine((value) => minuteOfTime(value) !== null, { error: TIME_FORMAT_MESSAGE })
  .transform((value) => minuteOfTime(value)!);

/** A Lagos wall-clock 'YYYY-MM-DDTHH:MM' (a datetime-local field) → epoch ms. */
const lagosDateTimeShape = z
  .string({ error: DATETIME_FORMAT_MESSAGE })
  .trim()
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) &&
      isIsoDate(value.slice(0, 10)) &&
      minuteOfTime(value.slice(11)) !== null &&
      minuteOfTime(value.slice(11))! < 1440,
    { error: DATETIME_FORMAT_MESSAGE },
  )
  .transform((value) => Date.parse(`${value}:00+01:00`));

export const clinicianNameShape = requiredText('Name', CLINICIAN_NAME_MESSAGE, FIELD_MAX.name, { name: true });

export const addClinicianSchema = z.object({ name: clinicianNameShape });
export const renameClinicianSchema = z.object({ clinicianId, name: clinicianNameShape });
export const clinicianIdSchema = z.object({ clinicianId });

export const slotMinutesShape = z.coerce
  .number({ error: SLOT_MINUTES_MESSAGE })
  .int({ error: SLOT_MINUTES_MESSAGE })
  .min(15, { error: SLOT_MINUTES_MESSAGE })
  .max(240, { error: SLOT_MINUTES_MESSAGE })
  .refine((value) => value % 15 === 0, { error: SLOT_MINUTES_MESSAGE });

export const setServiceSchema = z.object({ clinicianId, service: serviceShape, slotMinutes: slotMinutesShape });
export const removeServiceSchema = z.object({ clinicianId, service: serviceShape });

export const addHoursSchema = z
  .object({
    clinicianId,
    service: serviceShape,
    weekday: z.coerce
      .number({ error: WEEKDAY_MESSAGE })
      .int({ error: WEEKDAY_MESSAGE })
      .min(1, { error: WEEKDAY_MESSAGE })
      .max(7, { error: WEEKDAY_MESSAGE }),
    start: timeShape,
    end: timeShape,
  })
  .superRefine((hours, context) => {
    if (hours.start >= 1440) context.addIssue({ code: 'custom', path: ['start'], message: TIME_FORMAT_MESSAGE });
    else if (hours.end <= hours.start)
      context.addIssue({ code: 'custom', path: ['end'], message: END_AFTER_START_MESSAGE });
  });
export const hoursIdSchema = z.object({ hoursId: id('Select the hours to remove.') });

export const addBlockSchema = z
  .object({
    clinicianId,
    startsAt: lagosDateTimeShape,
    endsAt: lagosDateTimeShape,
    reason: requiredText('Reason', BLOCK_REASON_MESSAGE, 200),
  })
  .superRefine((block, context) => {
    if (block.endsAt <= block.startsAt)
      context.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start.' });
  });
export const blockIdSchema = z.object({ blockId: id('Select the block to remove.') });

export const addClosureSchema = z.object({
  date: requiredDate(CLOSURE_DATE_MESSAGE),
  reason: requiredText('Reason', CLOSURE_REASON_MESSAGE, 200),
});
export const closureDateSchema = z.object({ date: requiredDate(CLOSURE_DATE_MESSAGE) });

/** The front desk's calendar: a day (one clinician or all) or a week (one clinician), from a Lagos date. */
export const calendarSchema = z.object({
  date: requiredDate('Enter the date to show.'),
  view: z.enum(['day', 'week'], { error: 'Choose Day or Week.' }),
  clinicianId: clinicianId.nullable(),
});

const optionalEmail = () =>
  cleanString(EMAIL_FORMAT_MESSAGE)
    .pipe(
      z
        .string()
        .max(FIELD_MAX.email, `Email address must be ${FIELD_MAX.email} characters or fewer.`)
        .refine((value) => value === '' || z.email().safeParse(value).success, { error: EMAIL_FORMAT_MESSAGE }),
    )
    .optional()
    .transform((value) => value ?? '');

const requiredPhone = () =>
  cleanString(PHONE_REQUIRED_MESSAGE).pipe(
    z
      .string()
      .min(1, { error: PHONE_REQUIRED_MESSAGE })
      .max(FIELD_MAX.phone, `Phone number must be ${FIELD_MAX.phone} characters or fewer.`)
      .refine((value) => /^\+?[\d\s().-]+$/.test(value) && /^(?:\D*\d){7,15}\D*$/.test(value), {
        error: PHONE_FORMAT_MESSAGE,
      }),
  );

/** Staff book a free time for a caller (issue #28.7): the e-mail is optional; texts go only with the caller's yes. */
export const staffBookSchema = z
  .object({
    service: serviceShape,
    slot: slotStartShape,
    clinicianId: clinicianId.optional(),
    fullName: requiredName(CALLER_NAME_MESSAGE),
    phone: requiredPhone(),
    email: optionalEmail(),
    message: optionalText('Message', FIELD_MAX.message, { multiline: true }),
    ...messageConsentShape,
    ...submissionKeyShape,
  })
  .superRefine(consentNeedsPhone);
export type StaffBookInput = z.input<typeof staffBookSchema>;

export const ATTENDANCE_VALUES = ['arrived', 'no_show'] as const;
export type Attendance = (typeof ATTENDANCE_VALUES)[number];
export const attendanceLabels: Record<Attendance, string> = { arrived: 'Arrived', no_show: 'No-show' };

/** Marks attendance if it is still what the page showed (`from`): compare-and-set. */
export const attendanceSchema = z.object({
  bookingId: id('Select the appointment.'),
  from: z.enum(ATTENDANCE_VALUES).nullable(),
  to: z.enum(ATTENDANCE_VALUES, { error: 'Choose Arrived or No-show.' }).nullable(),
});

export const staffFreeSlotsSchema = z.object({ service: serviceShape });
export const staffRescheduleSchema = z.object({ requestId: id('Select the request.'), slot: slotStartShape });
export const requestBookingSchema = z.object({ requestId: id('Select the request.') });
