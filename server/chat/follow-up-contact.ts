import { z } from 'zod';
import { normalisePhone } from '../../shared/phone';

export type FollowUpContact = { kind: 'email' | 'whatsapp'; value: string };

const emailSchema = z.email();
const EMAIL_CANDIDATE = /[^\s<>()[\],;:"']+@[^\s<>()[\],;:"']+\.[^\s<>()[\],;:"'.]+/;

/**
 * The e-mail address or WhatsApp number in a visitor's answer to the bot's out-of-hours question, or null.
 * Numbers: any mobile, however written (0803 123 4567, +234 (0) 803-123-4567, 2348031234567, +44 7911 123456),
 * read by libphonenumber-js (shared/phone.ts) and stored in E.164 (+234…), so 'Continue on WhatsApp' and staff can
 * use it and it matches the forms' numbers (issue #23.4).
 */
export function parseFollowUpContact(answer: string): FollowUpContact | null {
  const candidate = EMAIL_CANDIDATE.exec(answer)?.[0].replace(/\.$/, '');
  if (candidate && emailSchema.safeParse(candidate).success) return { kind: 'email', value: candidate.toLowerCase() };
  for (const token of answer.match(/\+?\d[\d\s\-().]{6,20}\d/g) ?? []) {
    const phone = normalisePhone(token);
    if (phone?.mobile) return { kind: 'whatsapp', value: phone.e164 };
  }
  return null;
}
