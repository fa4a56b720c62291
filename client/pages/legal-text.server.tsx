import { LegalDocument } from '../components/legal-document';
import { legalPages } from '../content/legal-pages';

// The legal pages' texts, rendered on the server only (no props: nothing of them is left in the browser's code).
export const PrivacyPolicyText = () => <LegalDocument page={legalPages['privacy-policy']} />;
export const TermsOfServiceText = () => <LegalDocument page={legalPages['terms-of-service']} />;
export const HipaaComplianceText = () => <LegalDocument page={legalPages['hipaa-compliance']} />;
export const AccessibilityText = () => <LegalDocument page={legalPages.accessibility} />;
