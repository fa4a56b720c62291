import { z } from 'zod';
import { FIELD_MAX, MEDICAL_TOURISM_CATEGORY, medicalTourismPackages, serviceCategories } from '../form-options';
import {
  botCheckShape,
  consentNeedsPhone,
  messageConsentShape,
  submissionKeyShape,
  optionalChoice,
  optionalPhone,
  optionalText,
  requiredChoice,
  requiredEmail,
  requiredName,
} from './field-rules';

export const PACKAGE_REQUIRED_MESSAGE = 'Select a medical tourism package.';

/**
 * Service order (spec sections 4, 5): name, email and category required. The
 * package is required only for the Medical Tourism Package category and is
 * dropped for any other category.
 */
export const serviceOrderSchema = z
  .object({
    fullName: requiredName('Enter your full name.'),
    email: requiredEmail(),
    phone: optionalPhone(),
    serviceCategory: requiredChoice(serviceCategories, 'Select a service category.'),
    servicePackage: optionalChoice(medicalTourismPackages, PACKAGE_REQUIRED_MESSAGE),
    message: optionalText('Message', FIELD_MAX.message, { multiline: true }),
    ...messageConsentShape,
    ...botCheckShape,
    ...submissionKeyShape,
  })
  .superRefine((order, context) => {
    consentNeedsPhone(order, context);
    if (order.serviceCategory === MEDICAL_TOURISM_CATEGORY && !order.servicePackage) {
      context.addIssue({ code: 'custom', path: ['servicePackage'], message: PACKAGE_REQUIRED_MESSAGE });
    }
  })
  .transform((order) => ({
    ...order,
    servicePackage: order.serviceCategory === MEDICAL_TOURISM_CATEGORY ? order.servicePackage : null,
  }));

export type ServiceOrderInput = z.input<typeof serviceOrderSchema>;
export type ServiceOrderData = z.output<typeof serviceOrderSchema>;
