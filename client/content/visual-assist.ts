import type { LegalVisualAssist } from './legal-pages';

/** Kept apart from the legal texts: the button and its toast run in the browser, the texts do not. */
export const visualAssist: LegalVisualAssist = {
  heading: 'Visual Assist',
  text: 'Visual Assist will make our pages easier to see and read. It is still being built. Request it to show your interest and help us shape it.',
  buttonLabel: 'Request Visual Assist',
  toastTitle: 'Coming Soon',
  toastDescription: 'The Visual Assist feature is currently under development. Thank you for your interest!',
};
