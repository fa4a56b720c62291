import { z } from 'zod';
import { FIELD_MAX, MAX_TRAVELERS, MIN_TRAVELERS, accommodationPreferences, activityInterests } from '../form-options';
import {
  botCheckShape,
  consentNeedsPhone,
  messageConsentShape,
  submissionKeyShape,
  optionalChoice,
  optionalDate,
  optionalPhone,
  optionalText,
  requiredEmail,
  requiredName,
  requiredText,
} from './field-rules';

export const RETURN_BEFORE_DEPARTURE_MESSAGE = 'Return date must be the same as or after the departure date.';
export const TRAVELERS_MESSAGE = `Number of travelers must be a whole number from ${MIN_TRAVELERS} to ${MAX_TRAVELERS}.`;

/**
 * Trip plan (spec section 5): destination, travelers (at least 1), name and
 * email required; empty dates are stored as null.
 */
export const tripPlanSchema = z
  .object({
    destination: requiredText('Destination', 'Enter your destination.', FIELD_MAX.subject),
    departureDate: optionalDate(),
    returnDate: optionalDate(),
    numberOfTravelers: z
      .number({ error: TRAVELERS_MESSAGE })
      .int(TRAVELERS_MESSAGE)
      .min(MIN_TRAVELERS, TRAVELERS_MESSAGE)
      .max(MAX_TRAVELERS, TRAVELERS_MESSAGE),
    accommodationPreference: optionalChoice(accommodationPreferences, 'Select an accommodation option from the list.'),
    activityInterests: optionalChoice(activityInterests, 'Select an activity from the list.'),
    fullName: requiredName('Enter your full name.'),
    email: requiredEmail(),
    phone: optionalPhone(),
    additionalRequests: optionalText('Additional requests', FIELD_MAX.message, { multiline: true }),
    ...messageConsentShape,
    ...botCheckShape,
    ...submissionKeyShape,
  })
  .superRefine((plan, context) => {
    consentNeedsPhone(plan, context);
    if (plan.departureDate && plan.returnDate && plan.returnDate < plan.departureDate) {
      context.addIssue({ code: 'custom', path: ['returnDate'], message: RETURN_BEFORE_DEPARTURE_MESSAGE });
    }
  });

export type TripPlanInput = z.input<typeof tripPlanSchema>;
export type TripPlanData = z.output<typeof tripPlanSchema>;
