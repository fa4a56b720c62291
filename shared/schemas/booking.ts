import { z } from 'zod';
import { FIELD_MAX, appointmentServices } from '../form-options';
import {
  botCheckShape,
  consentNeedsPhone,
  messageConsentShape,
  optionalPhone,
  optionalText,
  requiredChoice,
  requiredEmail,
  requiredName,
  submissionKeyShape,
  tickBox,
} from './field-rules';

export const SERVICE_CHOICE_MESSAGE = 'Select the service you need.';
export const SLOT_CHOICE_MESSAGE = 'Choose a time from the list.';

/** A slot as a radio button posts it: its start, epoch ms. */
export const slotStartShape = z
  .string({ error: SLOT_CHOICE_MESSAGE })
  .trim()
  .regex(/^\d{12,14}$/, { error: SLOT_CHOICE_MESSAGE })
  .transform(Number);

export const serviceShape = requiredChoice(appointmentServices, SERVICE_CHOICE_MESSAGE);

/** The free times of one service (issue #28.2). */
export const freeSlotsSchema = z.object({ service: serviceShape });

/** A patient books a free time (issue #28.2): the appointment form's contact fields, and the time. */
export const bookSlotSchema = z
  .object({
    service: serviceShape,
    slot: slotStartShape,
    fullName: requiredName('Enter your full name.'),
    email: requiredEmail(),
    phone: optionalPhone(),
    message: optionalText('Message', FIELD_MAX.message, { multiline: true }),
    wantsEarlier: tickBox(),
    ...messageConsentShape,
    ...botCheckShape,
    ...submissionKeyShape,
  })
  .superRefine(consentNeedsPhone);

export type BookSlotInput = z.input<typeof bookSlotSchema>;
export type BookSlotData = z.output<typeof bookSlotSchema>;

/** A reschedule or cancel link's token (base64url, 32 bytes). */
export const manageTokenShape = z
  .string({ error: 'This link is not valid.' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This link is not valid.' });

export const rescheduleByLinkSchema = z.object({ token: manageTokenShape, slot: slotStartShape });
export const cancelByLinkSchema = z.object({ token: manageTokenShape });
