import { brand } from '../../shared/brand';

/** Texts of /apply/{slug}. Kept apart from catalogue-pages.ts because this page renders in the browser too. */
export const applyPageTexts = {
  eyebrow: 'Job application',
  backLabel: 'Back to Job Opportunities',
  /** The document title is '{titlePrefix}: {job title} - {brand}'. */
  titlePrefix: 'Apply',
  descriptionPrefix: `Apply to join ${brand.name} as:`,
} as const;
