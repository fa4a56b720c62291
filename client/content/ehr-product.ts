import { brand } from '../../shared/brand';

/** Products shown at /products/{slug} (spec section 2, EHR product page). */
export type Product = {
  slug: string;
  name: string;
  description: string;
  /** Exactly eight on the EHR page. */
  keyFeatures: string[];
  cta: { text: 'Request a Demo'; href: '/contact' };
};

export const ehrProduct: Product = {
  slug: 'ehr',
  name: `${brand.name} EHR`,
  description: `${brand.name} EHR is an electronic health record system for clinics, hospitals and diagnostic centres in Nigeria. It brings patient records, appointments, prescriptions, lab results and billing together in one place, so your team spends less time on paperwork and more time with patients. It is designed to stay usable on slow or unstable internet connections, and it helps you protect patient data in line with the Nigeria Data Protection Act (NDPA) 2023.`,
  keyFeatures: [
    'Complete patient records: history, allergies, vital signs, diagnoses and visit notes',
    'Appointment booking and patient queue management for the front desk',
    'Electronic prescriptions with drug interaction and allergy alerts',
    'Lab and imaging requests, with results filed to the patient record',
    'Billing, payments and HMO and NHIA claims in one workflow',
    'Built-in telehealth for video and voice consultations',
    'Role-based access, audit trails and encrypted backups',
    'Reports and dashboards on patient numbers, services and revenue',
  ],
  cta: { text: 'Request a Demo', href: '/contact' },
};

export const products: Product[] = [ehrProduct];

export const findProduct = (slug: string): Product | undefined => products.find((product) => product.slug === slug);
