import { z } from 'zod';
import { FIELD_MAX, appointmentServices, appointmentTimeSlots } from '../form-options';
import { lagosToday } from '../lagos-date';
import {
  botCheckShape,
  consentNeedsPhone,
  messageConsentShape,
  submissionKeyShape,
  optionalChoice,
  optionalPhone,
  optionalText,
  requiredChoice,
  requiredDate,
  requiredEmail,
  requiredName,
} from './field-rules';

export const PAST_DATE_MESSAGE = 'Preferred date cannot be before today.';

/** Appointment request (spec section 5): the preferred date cannot be before today in Lagos. */
export const appointmentSchema = z
  .object({
    fullName: requiredName('Enter your full name.'),
    email: requiredEmail(),
    phone: optionalPhone(),
    preferredDate: requiredDate('Enter your preferred date.').refine((value) => value >= lagosToday(), {
      error: PAST_DATE_MESSAGE,
    }),
    preferredTime: optionalChoice(appointmentTimeSlots, 'Select a time from the list.'),
    serviceType: requiredChoice(appointmentServices, 'Select the service you need.'),
    message: optionalText('Message', FIELD_MAX.message, { multiline: true }),
    ...messageConsentShape,
    ...botCheckShape,
    ...submissionKeyShape,
  })
  .superRefine(consentNeedsPhone);

export type AppointmentInput = z.input<typeof appointmentSchema>;
export type AppointmentData = z.output<typeof appointmentSchema>;
