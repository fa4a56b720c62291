import { describe, it, expect } from 'vitest';
import { iconNames } from '../../../client/components/icon';
import {
  allServices,
  findCategory,
  findPatientService,
  findProviderService,
  internationalHealthCategories,
  isGroupedFeatures,
  patientCategories,
  patientServices,
  providerCategories,
  providerServices,
  serviceHref,
  type ServiceEntry,
} from '../../../client/content/services-catalogue';
import { ehrProduct, findProduct, products } from '../../../client/content/ehr-product';
import { faqItems } from '../../../client/content/faq';

// Expected values written out from the product spec, section 2.
const PATIENT_SLUGS = [
  'virtual-consultation',
  'secure-messaging',
  'appointment-scheduling',
  'health-record-access',
  'prescription-management',
  'family-accounts',
  'wellness-programs',
  'mental-health-support',
  'symptom-checker',
  'health-education-resources',
  'patient-communities',
  'care-plan-management',
  'international-health',
  'international-clinical-trials',
];

const PROVIDER_SLUGS = [
  'health-records-management',
  'practice-operations',
  'enterprise-systems',
  'remote-mobile-care',
  'clinical-intelligence',
  'custom-health-tech',
  'health-data-analytics',
  'health-it-infrastructure',
  'health-advisory-training',
  'research-and-project-management',
];

const PATIENT_CATEGORIES: [string, string, string[]][] = [
  [
    'telehealth-remote-care',
    'Telehealth & Remote Care',
    ['virtual-consultation', 'appointment-scheduling', 'care-plan-management'],
  ],
  [
    'personal-health-management',
    'Personal Health Management',
    ['health-record-access', 'prescription-management', 'family-accounts'],
  ],
  [
    'wellness-preventive-health',
    'Wellness & Preventive Health',
    ['wellness-programs', 'mental-health-support', 'health-education-resources'],
  ],
  ['community-support', 'Community & Support', ['patient-communities']],
  [
    'international-health-services',
    'International Health Services',
    ['international-health', 'international-clinical-trials'],
  ],
];

const PROVIDER_CATEGORIES: [string, string, string[]][] = [
  [
    'clinical-patient-care',
    'Clinical & Patient Care Solutions',
    ['health-records-management', 'remote-mobile-care', 'clinical-intelligence'],
  ],
  ['operational-admin-support', 'Operational & Administrative Support', ['practice-operations', 'enterprise-systems']],
  ['technology-infrastructure', 'Technology & Infrastructure', ['health-it-infrastructure', 'custom-health-tech']],
  ['data-analytics', 'Data & Analytics', ['health-data-analytics']],
  ['training-strategic-services', 'Training & Strategic Services', ['health-advisory-training']],
  ['research-project-management', 'Research & Project Management', []],
];

const RESEARCH_CARD_TITLES = [
  'Clinical Research Design & Coordination',
  'Grant Proposal & Submission Support',
  'Healthcare Project Management',
  'Innovation & Feasibility Studies',
  'Ethics & Regulatory Compliance',
];

// The content may name only icons the sprite has (client/components/icon.tsx lists them).
const ICON_NAMES: readonly string[] = iconNames;

const ILLUSTRATION_KEYS = [
  'telehealth',
  'personal-health',
  'wellness',
  'community',
  'international',
  'clinical',
  'operations',
  'technology',
  'data',
  'training',
  'research',
  'ehr',
];

/** Fixed routes from the spec's route table that content action buttons may point to. */
const ACTION_ROUTES = new Set([
  '/services/book-appointment',
  '/services/order-service',
  '/services/plan-trip',
  '/self-diagnoses',
  '/signup',
  '/contact',
  '/blog',
]);

const slugsOf = (entries: ServiceEntry[]) => entries.map((entry) => entry.slug);

describe('services catalogue: entries', () => {
  it('has exactly the spec patient and provider slugs, in spec order', () => {
    expect(slugsOf(patientServices)).toEqual(PATIENT_SLUGS);
    expect(slugsOf(providerServices)).toEqual(PROVIDER_SLUGS);
    expect(allServices).toHaveLength(PATIENT_SLUGS.length + PROVIDER_SLUGS.length);
  });

  it('keeps slugs unique within each audience', () => {
    expect(new Set(slugsOf(patientServices)).size).toBe(patientServices.length);
    expect(new Set(slugsOf(providerServices)).size).toBe(providerServices.length);
  });

  it('marks each entry with its audience', () => {
    expect(patientServices.every((entry) => entry.audience === 'patient')).toBe(true);
    expect(providerServices.every((entry) => entry.audience === 'provider')).toBe(true);
  });

  it('gives every entry 4-8 features, and research five groups of 3-4 items', () => {
    for (const entry of allServices) {
      if (entry.slug === 'research-and-project-management') {
        expect(isGroupedFeatures(entry.features)).toBe(true);
        if (!isGroupedFeatures(entry.features)) continue;
        expect(entry.features.map((group) => group.subTitle)).toEqual(RESEARCH_CARD_TITLES);
        for (const group of entry.features) {
          expect(group.items.length).toBeGreaterThanOrEqual(3);
          expect(group.items.length).toBeLessThanOrEqual(4);
        }
      } else {
        expect(isGroupedFeatures(entry.features), entry.slug).toBe(false);
        expect(entry.features.length, entry.slug).toBeGreaterThanOrEqual(4);
        expect(entry.features.length, entry.slug).toBeLessThanOrEqual(8);
      }
    }
  });

  it('has a title, a description of 2-4 sentences, a known icon and a known image key', () => {
    for (const entry of allServices) {
      expect(entry.title.trim(), entry.slug).not.toBe('');
      const sentences = entry.description.split(/(?<=[.!?])\s+/).filter(Boolean);
      expect(sentences.length, entry.slug).toBeGreaterThanOrEqual(2);
      expect(sentences.length, entry.slug).toBeLessThanOrEqual(4);
      expect(ICON_NAMES, entry.slug).toContain(entry.icon);
      if (entry.imageKey !== null) expect(ILLUSTRATION_KEYS, entry.slug).toContain(entry.imageKey);
    }
  });

  it('uses the spec back links', () => {
    for (const entry of providerServices) {
      expect(entry.backHref, entry.slug).toBe('/services/provider');
      expect(entry.backLabel).toBe('Back to Provider Services');
    }
    for (const entry of patientServices) {
      if (entry.slug === 'international-clinical-trials') {
        expect(entry.backHref).toBe('/services/international-health-services');
        expect(entry.backLabel).toBe('Back to International Health Services');
      } else {
        expect(entry.backHref, entry.slug).toBe('/services');
        expect(entry.backLabel).toBe('Back to Services');
      }
    }
  });

  it('links the symptom checker to /self-diagnoses', () => {
    expect(findPatientService('symptom-checker')?.actionButton?.href).toBe('/self-diagnoses');
  });

  it('renders international-health full width, without an image, with an action to /signup', () => {
    const entry = findPatientService('international-health');
    expect(entry?.contentComponent).toBe('international-health');
    expect(entry?.hideImageOnDetail).toBe(true);
    expect(entry?.imageKey).toBeNull();
    expect(entry?.actionButton).toEqual({ text: 'Start Your Journey', href: '/signup' });
    expect(allServices.filter((other) => other.contentComponent)).toHaveLength(1);
  });

  it('lists four international-health categories of 2-4 described items', () => {
    expect(internationalHealthCategories).toHaveLength(4);
    for (const category of internationalHealthCategories) {
      expect(category.items.length).toBeGreaterThanOrEqual(2);
      expect(category.items.length).toBeLessThanOrEqual(4);
      for (const item of category.items) {
        expect(item.title.trim()).not.toBe('');
        expect(item.description.trim()).not.toBe('');
      }
    }
  });

  it('points booking actions and provider actions where the brief says', () => {
    expect(findPatientService('virtual-consultation')?.actionButton).toEqual({
      text: 'Book a Consultation',
      href: '/services/book-appointment',
    });
    expect(findPatientService('appointment-scheduling')?.actionButton?.href).toBe('/services/book-appointment');
    for (const entry of providerServices) {
      expect(entry.actionButton, entry.slug).toEqual({ text: 'Talk to Our Team', href: '/contact' });
    }
  });

  it('only links action buttons to spec routes; order links carry the entry slug', () => {
    for (const entry of allServices) {
      if (!entry.actionButton) continue;
      const [path, query] = entry.actionButton.href.split('?');
      expect(ACTION_ROUTES, `${entry.slug}: ${entry.actionButton.href}`).toContain(path);
      if (path === '/services/order-service') {
        expect(new URLSearchParams(query).get('service'), entry.slug).toBe(entry.slug);
      }
    }
  });

  it('finds entries by slug and builds their hrefs', () => {
    expect(findPatientService('virtual-consultation')?.title).toBe('Virtual Consultation');
    expect(findPatientService('health-records-management')).toBeUndefined();
    expect(findProviderService('health-records-management')?.audience).toBe('provider');
    expect(findProviderService('nope')).toBeUndefined();
    expect(serviceHref(findPatientService('secure-messaging')!)).toBe('/services/secure-messaging');
    expect(serviceHref(findProviderService('custom-health-tech')!)).toBe('/services/provider/custom-health-tech');
  });
});

describe('services catalogue: categories', () => {
  it('has the five patient and six provider categories with spec slugs and titles, in order', () => {
    expect(patientCategories.map((c) => [c.categorySlug, c.categoryTitle])).toEqual(
      PATIENT_CATEGORIES.map(([slug, title]) => [slug, title]),
    );
    expect(providerCategories.map((c) => [c.categorySlug, c.categoryTitle])).toEqual(
      PROVIDER_CATEGORIES.map(([slug, title]) => [slug, title]),
    );
    expect(patientCategories.every((c) => c.audience === 'patient')).toBe(true);
    expect(providerCategories.every((c) => c.audience === 'provider')).toBe(true);
  });

  it('gives every patient category exactly the spec cards, titled like their entries', () => {
    for (const [slug, , cardSlugs] of PATIENT_CATEGORIES) {
      const category = findCategory('patient', slug);
      expect(category, slug).toBeDefined();
      expect(category?.cards.map((card) => card.href)).toEqual(cardSlugs.map((s) => `/services/${s}`));
      expect(category?.cards.map((card) => card.title)).toEqual(cardSlugs.map((s) => findPatientService(s)?.title));
      expect(category?.layout).toBe('list');
    }
  });

  it('gives every provider category exactly the spec cards, titled like their entries', () => {
    for (const [slug, , cardSlugs] of PROVIDER_CATEGORIES) {
      if (slug === 'research-project-management') continue;
      const category = findCategory('provider', slug);
      expect(category, slug).toBeDefined();
      expect(category?.cards.map((card) => card.href)).toEqual(cardSlugs.map((s) => `/services/provider/${s}`));
      expect(category?.cards.map((card) => card.title)).toEqual(cardSlugs.map((s) => findProviderService(s)?.title));
      expect(category?.layout).toBe('list');
    }
  });

  it('has five research cards, all linking to research-and-project-management, in two columns', () => {
    const research = findCategory('provider', 'research-project-management');
    expect(research?.layout).toBe('two-column');
    expect(research?.cards.map((card) => card.title)).toEqual(RESEARCH_CARD_TITLES);
    for (const card of research?.cards ?? []) {
      expect(card.href).toBe('/services/provider/research-and-project-management');
    }
  });

  it('gives every category and card a description, a known icon and a known image', () => {
    for (const category of [...patientCategories, ...providerCategories]) {
      expect(category.categoryDescription.trim()).not.toBe('');
      expect(ICON_NAMES).toContain(category.icon);
      expect(ILLUSTRATION_KEYS).toContain(category.imageKey);
      for (const card of category.cards) expect(card.description.trim(), card.title).not.toBe('');
    }
  });

  it('does not mix audiences when finding categories', () => {
    expect(findCategory('patient', 'data-analytics')).toBeUndefined();
    expect(findCategory('provider', 'community-support')).toBeUndefined();
  });
});

describe('EHR product', () => {
  it('has eight key features and a Request a Demo link to /contact', () => {
    expect(products.map((product) => product.slug)).toEqual(['ehr']);
    expect(findProduct('ehr')).toBe(ehrProduct);
    expect(findProduct('unknown')).toBeUndefined();
    expect(ehrProduct.keyFeatures).toHaveLength(8);
    expect(new Set(ehrProduct.keyFeatures).size).toBe(8);
    expect(ehrProduct.cta).toEqual({ text: 'Request a Demo', href: '/contact' });
  });
});

describe('FAQ', () => {
  it('has 8-12 items with unique kebab-case ids and non-empty text', () => {
    expect(faqItems.length).toBeGreaterThanOrEqual(8);
    expect(faqItems.length).toBeLessThanOrEqual(12);
    const ids = faqItems.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const item of faqItems) {
      expect(item.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(item.question.trim()).not.toBe('');
      expect(item.answer.trim()).not.toBe('');
    }
  });

  it('gives the emergency numbers 112 and 767', () => {
    const emergency = faqItems.find((item) => item.id === 'emergencies');
    expect(emergency?.answer).toContain('112');
    expect(emergency?.answer).toContain('767');
  });
});
