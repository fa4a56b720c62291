/**
 * The five stored forms by name (issue #15): how a form's fields, as a browser posts them (all strings), become the
 * input its shared zod schema checks. One mapping for the enhanced form (read from the form element) and the native
 * HTML post (read from the request body), so both send exactly the same thing.
 */
import { DEFAULT_TRAVELERS } from '../constants';
import { appointmentSchema } from '../schemas/appointment';
import { jobApplicationSchema } from '../schemas/job-application';
import { newsletterSchema } from '../schemas/newsletter';
import { serviceOrderSchema } from '../schemas/service-order';
import { tripPlanSchema } from '../schemas/trip-plan';

/** A form's posted fields: name → value as typed ('' when absent). */
export type FormFields = (name: string) => string;

/** Spec section 5: non-numeric input becomes 1. */
export function travelersFromText(text: string): number {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number.parseInt(trimmed, 10) : DEFAULT_TRAVELERS;
}

/** A box posts 'on' when ticked and nothing when not; the schema turns that into true or false. */
const tickBox = (value: string) => value || undefined;

const contactDetails = (field: FormFields) => ({
  fullName: field('fullName'),
  email: field('email'),
  phone: field('phone'),
  smsConsent: tickBox(field('smsConsent')),
  whatsappConsent: tickBox(field('whatsappConsent')),
});

export const storedForms = {
  newsletter: {
    procedure: 'subscribeNewsletter',
    schema: newsletterSchema,
    toInput: (field: FormFields) => ({ email: field('email') }),
  },
  'job-application': {
    procedure: 'submitJobApplication',
    schema: jobApplicationSchema,
    toInput: (field: FormFields) => ({
      jobTitle: field('jobTitle'),
      ...contactDetails(field),
      resumeLink: field('resumeLink'),
      coverLetter: field('coverLetter'),
    }),
  },
  'service-order': {
    procedure: 'submitServiceOrder',
    schema: serviceOrderSchema,
    toInput: (field: FormFields) => ({
      ...contactDetails(field),
      serviceCategory: field('serviceCategory'),
      servicePackage: field('servicePackage'),
      message: field('message'),
    }),
  },
  appointment: {
    procedure: 'submitAppointment',
    schema: appointmentSchema,
    toInput: (field: FormFields) => ({
      ...contactDetails(field),
      preferredDate: field('preferredDate'),
      preferredTime: field('preferredTime'),
      serviceType: field('serviceType'),
      message: field('message'),
    }),
  },
  'trip-plan': {
    procedure: 'submitTripPlan',
    schema: tripPlanSchema,
    toInput: (field: FormFields) => ({
      destination: field('destination'),
      departureDate: field('departureDate'),
      returnDate: field('returnDate'),
      numberOfTravelers: travelersFromText(field('numberOfTravelers')),
      accommodationPreference: field('accommodationPreference'),
      activityInterests: field('activityInterests'),
      ...contactDetails(field),
      additionalRequests: field('additionalRequests'),
    }),
  },
} as const;

export type StoredFormName = keyof typeof storedForms;

export const isStoredFormName = (name: string): name is StoredFormName => Object.hasOwn(storedForms, name);
