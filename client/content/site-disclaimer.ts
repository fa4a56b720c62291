import { EMERGENCY_NUMBERS } from '../../shared/constants';

/** Footer disclaimer shown on every page (spec section 1). */
export const siteDisclaimer = `The content on this website is general health information, not medical advice. Always talk to a qualified health professional about your own health. The Symptom Checker is not a diagnostic tool and cannot tell you what illness you have. In an emergency, call ${EMERGENCY_NUMBERS.join(' or ')} right away.`;
