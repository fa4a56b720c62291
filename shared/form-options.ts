/** The fixed option lists of the stored forms (spec section 9), shared by the forms and the server's checks. */

export const MEDICAL_TOURISM_CATEGORY = 'Medical Tourism Package';

export const serviceCategories = [
  'General Inquiry',
  'Virtual Consultation',
  'Secure Messaging',
  'Appointment Scheduling',
  'Health Record Access',
  'Prescription Management',
  'Family Accounts',
  'Wellness Programs',
  'Mental Health Support',
  'International Health',
  MEDICAL_TOURISM_CATEGORY,
  'Health Records Management (Provider)',
  'Practice Operations (Provider)',
  'Other',
] as const;

export const medicalTourismPackages = [
  'Standard Package',
  'Extra Standard Package',
  'Premium Package',
  'Special Package (Companion)',
] as const;

export const appointmentServices = [
  'Virtual Consultation',
  'General Check-up',
  'Specialist Consultation',
  'Mental Health Support',
  'Wellness Program Inquiry',
  'Global Health Consultation',
  'Other',
] as const;

export const appointmentTimeSlots = [
  '09-10 AM',
  '10-11 AM',
  '11 AM-12 PM',
  '01-02 PM',
  '02-03 PM',
  '03-04 PM',
  '04-05 PM',
] as const;

export const accommodationPreferences = [
  'Hotel (5-star)',
  'Hotel (4-star)',
  'Hotel (3-star)',
  'Serviced Apartment',
  'Guesthouse',
  'No Preference',
] as const;

export const activityInterests = [
  'Cultural Tours',
  'Adventure Activities',
  'Relaxation & Wellness',
  'Shopping',
  'Nature & Outdoors',
  'Food & Culinary',
  'No Specific Interests',
] as const;

export type ServiceCategory = (typeof serviceCategories)[number];
export type MedicalTourismPackage = (typeof medicalTourismPackages)[number];

/** Maximum lengths of stored text (issue #4). */
export const FIELD_MAX = {
  name: 120,
  email: 254,
  phone: 32,
  subject: 200,
  message: 5000,
  url: 2048,
} as const;

/** Travellers on one trip plan: at least 1 (spec), at most a group size we can plan for. */
export const MIN_TRAVELERS = 1;
export const MAX_TRAVELERS = 50;

const squash = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The order form's `?service=` slug as a category: hyphens become spaces and each
 * word is capitalised (virtual-consultation → Virtual Consultation). A slug that
 * names the start of a listed category picks it (health-records-management →
 * Health Records Management (Provider)); anything else gives ''.
 */
export function categoryFromServiceSlug(slug: string): ServiceCategory | '' {
  const title = slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
  if (!title) return '';
  return (
    serviceCategories.find((category) => category.toLowerCase() === title.toLowerCase()) ??
    serviceCategories.find((category) => category.toLowerCase().startsWith(`${title.toLowerCase()} `)) ??
    ''
  );
}

/** The order form's `?package=` value as a package: the name itself or a slug of it (premium-package, premium). */
export function packageFromParam(value: string): MedicalTourismPackage | '' {
  const wanted = squash(value);
  if (!wanted) return '';
  return (
    medicalTourismPackages.find((item) => squash(item) === wanted) ??
    medicalTourismPackages.find((item) => squash(item).startsWith(`${wanted}package`)) ??
    ''
  );
}
