/** Every field of a request as staff read it on its page (issue #13): the form's labels, in the form's order. */
import type { RequestType } from '../../shared/requests';

const fieldLabels: Record<RequestType, [column: string, label: string][]> = {
  appointment: [
    ['full_name', 'Full name'],
    ['email', 'Email'],
    ['phone', 'Phone'],
    ['preferred_date', 'Preferred date'],
    ['preferred_time', 'Preferred time'],
    ['service_type', 'Service type'],
    ['message', 'Message'],
  ],
  service_order: [
    ['full_name', 'Full name'],
    ['email', 'Email'],
    ['phone', 'Phone'],
    ['service_category', 'Service category'],
    ['service_package', 'Service package'],
    ['message', 'Message'],
  ],
  trip_plan: [
    ['destination', 'Destination'],
    ['departure_date', 'Departure date'],
    ['return_date', 'Return date'],
    ['number_of_travelers', 'Number of travelers'],
    ['accommodation_preference', 'Accommodation preference'],
    ['activity_interests', 'Activity interests'],
    ['full_name', 'Full name'],
    ['email', 'Email'],
    ['phone', 'Phone'],
    ['additional_requests', 'Additional requests'],
  ],
  job_application: [
    ['job_title', 'Job'],
    ['full_name', 'Full name'],
    ['email', 'Email'],
    ['phone', 'Phone'],
    ['resume_link', 'Resume link'],
    ['cover_letter', 'Cover letter'],
  ],
};

/** `kind` tells the page which fields are links: e-mail (mailto:) and phone (tel:, and WhatsApp for a mobile). */
export type SubmissionField = { label: string; value: string | null; kind: 'email' | 'phone' | 'text' };

const kindOf = (column: string): SubmissionField['kind'] =>
  column === 'email' ? 'email' : column === 'phone' ? 'phone' : 'text';

export const submissionFields = (type: RequestType, row: Record<string, unknown>): SubmissionField[] =>
  fieldLabels[type].map(([column, label]) => {
    const value = row[column];
    const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    return { label, value: text === '' ? null : text, kind: kindOf(column) };
  });
