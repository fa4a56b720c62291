/**
 * The five stored forms as field lists (issue #26): what each shows, in order, with the ids, names and labels its
 * prerendered HTML and its plain HTML post depend on. One component renders them all
 * (client/features/forms/stored-form.tsx); the mapping of posted fields to input stays in ./stored-forms.
 */
import { DEFAULT_TRAVELERS } from '../constants';
import {
  MAX_TRAVELERS,
  MEDICAL_TOURISM_CATEGORY,
  MIN_TRAVELERS,
  accommodationPreferences,
  activityInterests,
  appointmentServices,
  appointmentTimeSlots,
  categoryFromServiceSlug,
  medicalTourismPackages,
  packageFromParam,
  serviceCategories,
} from '../form-options';
import { consentHints, consentLabels } from '../messaging/consent';
import { emailField, type FieldGroup, type FieldSpec } from './field-spec';
import type { StoredFormName } from './stored-forms';

export type StoredFormLayout = {
  /** Prefixes every id and the bot trap's, so that two forms on one page never share one. */
  idPrefix: string;
  /** The form's accessible name; given the page's hidden values (the job's title). None: `section` names it. */
  label?: (hidden: Record<string, string>) => string;
  /** A section around the form, its heading naming it (`{idPrefix}-heading`). */
  section?: { className: string; heading: string; text: string };
  /** Posted as they are, and sent from the page's values, not from the markup. */
  hidden?: readonly string[];
  fields: FieldGroup[];
  submit: { label: string; busyLabel: string };
  /** After a send, 'Request sent. Your reference is …' stays on the page. */
  sentWhat?: string;
  /** Values the page's query asks for (a link that pre-fills the form). */
  fromQuery?: (search: string) => Record<string, string>;
};

/**
 * 'Send me updates by SMS' and 'by WhatsApp' right after the phone (issue #27.5): each off until ticked, its hint
 * saying what is sent and where, in the wording whose version is stored with the consent.
 */
const messageConsents: FieldGroup = {
  kind: 'tick-boxes',
  legend: 'Updates on your phone',
  fields: [
    { kind: 'tick-box', name: 'smsConsent', id: 'sms-consent', label: consentLabels.sms, hint: consentHints.sms },
    {
      kind: 'tick-box',
      name: 'whatsappConsent',
      id: 'whatsapp-consent',
      label: consentLabels.whatsapp,
      hint: consentHints.whatsapp,
    },
  ],
};

/** Full Name, Email Address and an optional Phone Number, as the appointment, application, order and trip forms ask. */
const contactFields: FieldSpec[] = [
  { kind: 'input', name: 'fullName', id: 'full-name', label: 'Full Name', autoComplete: 'name' },
  emailField,
  {
    kind: 'input',
    name: 'phone',
    id: 'phone',
    type: 'tel',
    label: 'Phone Number',
    autoComplete: 'tel',
    optional: true,
  },
];

/** The contact fields with the consent boxes after the phone (the newsletter asks for its email only). */
export const contactDetails: FieldGroup[] = [...contactFields, messageConsents];

export const storedFormLayouts: Record<StoredFormName, StoredFormLayout> = {
  newsletter: {
    idPrefix: 'newsletter',
    section: {
      className: 'app-newsletter',
      heading: 'Subscribe to Our Newsletter',
      text: 'Get plain-language health tips and news about our services by email. You can unsubscribe at any time.',
    },
    fields: [contactFields[1]!],
    submit: { label: 'Subscribe', busyLabel: 'Subscribing...' },
  },
  appointment: {
    idPrefix: 'appointment',
    label: () => 'Book an appointment',
    fields: [
      ...contactDetails,
      {
        kind: 'row',
        fields: [
          {
            kind: 'input',
            name: 'preferredDate',
            id: 'date',
            type: 'date',
            label: 'Preferred Date',
            hint: 'Today or a later date.',
            notBeforeToday: true,
          },
          {
            kind: 'select',
            name: 'preferredTime',
            id: 'time',
            label: 'Preferred Time',
            placeholder: 'Any time',
            options: appointmentTimeSlots,
            optional: true,
          },
        ],
      },
      {
        kind: 'select',
        name: 'serviceType',
        id: 'service',
        label: 'Service Type',
        placeholder: 'Select a service',
        options: appointmentServices,
      },
      {
        kind: 'textarea',
        name: 'message',
        id: 'message',
        label: 'Message',
        hint: 'Briefly tell us the reason for your visit.',
        rows: 4,
        optional: true,
      },
    ],
    submit: { label: 'Request Appointment', busyLabel: 'Requesting Appointment...' },
    sentWhat: 'Request',
  },
  'job-application': {
    idPrefix: 'application',
    label: (hidden) => `Apply for ${hidden.jobTitle ?? ''}`,
    hidden: ['jobTitle'],
    fields: [
      ...contactDetails,
      {
        kind: 'input',
        name: 'resumeLink',
        id: 'resume-link',
        type: 'url',
        inputMode: 'url',
        label: 'Resume Link',
        hint: 'Give a link to your resume, such as a file-sharing or professional profile link.',
        spellCheck: false,
      },
      { kind: 'textarea', name: 'coverLetter', id: 'cover-letter', label: 'Cover Letter', rows: 6, optional: true },
    ],
    submit: { label: 'Submit Application', busyLabel: 'Submitting Application...' },
    sentWhat: 'Application',
  },
  'service-order': {
    idPrefix: 'order',
    label: () => 'Order a service',
    fields: [
      ...contactDetails,
      {
        kind: 'select',
        name: 'serviceCategory',
        id: 'service-category',
        label: 'Service Category',
        placeholder: 'Select a service category',
        options: serviceCategories,
      },
      {
        kind: 'select',
        name: 'servicePackage',
        id: 'service-package',
        label: 'Medical Tourism Package',
        placeholder: 'Select a package',
        options: medicalTourismPackages,
        shownWhen: { name: 'serviceCategory', value: MEDICAL_TOURISM_CATEGORY },
      },
      {
        kind: 'textarea',
        name: 'message',
        id: 'message',
        label: 'Message',
        hint: 'Tell us anything that will help us prepare, such as your health needs or preferred times.',
        rows: 4,
        optional: true,
      },
    ],
    submit: { label: 'Place Order', busyLabel: 'Placing Order...' },
    sentWhat: 'Order',
    // ?package= (a medical tourism package) or ?service= (a category slug).
    fromQuery: (search): Record<string, string> => {
      const query = new URLSearchParams(search);
      const servicePackage = packageFromParam(query.get('package') ?? '');
      if (servicePackage) return { serviceCategory: MEDICAL_TOURISM_CATEGORY, servicePackage };
      const serviceCategory = categoryFromServiceSlug(query.get('service') ?? '');
      return serviceCategory ? { serviceCategory } : {};
    },
  },
  'trip-plan': {
    idPrefix: 'trip',
    label: () => 'Plan your medical trip',
    fields: [
      {
        kind: 'section',
        title: 'Travel Details',
        fields: [
          {
            kind: 'input',
            name: 'destination',
            id: 'destination',
            label: 'Destination',
            hint: 'The country or city where you want treatment, for example India or London.',
          },
          {
            kind: 'row',
            fields: [
              {
                kind: 'input',
                name: 'departureDate',
                id: 'departure-date',
                type: 'date',
                label: 'Departure Date',
                optional: true,
              },
              {
                kind: 'input',
                name: 'returnDate',
                id: 'return-date',
                type: 'date',
                label: 'Return Date',
                optional: true,
              },
            ],
          },
          {
            kind: 'input',
            name: 'numberOfTravelers',
            id: 'travelers',
            type: 'number',
            inputMode: 'numeric',
            label: 'Number of Travelers',
            hint: 'Include yourself and anyone travelling with you.',
            min: MIN_TRAVELERS,
            max: MAX_TRAVELERS,
            step: 1,
            defaultValue: DEFAULT_TRAVELERS,
            wholeNumberOr: DEFAULT_TRAVELERS,
          },
          {
            kind: 'row',
            fields: [
              {
                kind: 'select',
                name: 'accommodationPreference',
                id: 'accommodation',
                label: 'Accommodation Preference',
                placeholder: 'Select accommodation',
                options: accommodationPreferences,
                optional: true,
              },
              {
                kind: 'select',
                name: 'activityInterests',
                id: 'activities',
                label: 'Activity Interests',
                placeholder: 'Select an activity',
                options: activityInterests,
                optional: true,
              },
            ],
          },
        ],
      },
      {
        kind: 'section',
        title: 'Contact Information',
        fields: [
          ...contactDetails,
          {
            kind: 'textarea',
            name: 'additionalRequests',
            id: 'requests',
            label: 'Additional Requests',
            hint: "For example wheelchair access, dietary needs or a companion's needs.",
            rows: 4,
            optional: true,
          },
        ],
      },
    ],
    submit: { label: 'Submit Plan', busyLabel: 'Submitting Plan...' },
    sentWhat: 'Trip plan',
  },
};
