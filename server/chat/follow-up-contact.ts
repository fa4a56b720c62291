import { z } from 'zod';

export type FollowUpContact = { kind: 'email' | 'whatsapp'; value: string };

const emailSchema = z.email();
const EMAIL_CANDIDATE = /[^\s<>()[\],;:"']+@[^\s<>()[\],;:"']+\.[^\s<>()[\],;:"'.]+/;

/**
 * The e-mail address or WhatsApp number in a visitor's answer to the bot's out-of-hours question, or null.
 * Numbers: a Nigerian mobile (0803 123 4567, +234 803 123 4567, 2348031234567) or any international number written
 * with its + (8 to 15 digits); stored in international form (+234…) so 'Continue on WhatsApp' and staff can use it.
 */
export function parseFollowUpContact(answer: string): FollowUpContact | null {
  const candidate = EMAIL_CANDIDATE.exec(answer)?.[0].replace(/\.$/, '');
  if (candidate && emailSchema.safeParse(candidate).success) return { kind: 'email', value: candidate.toLowerCase() };
  for (const token of answer.match(/\+?[\d][\d\s\-().]{6,20}\d/g) ?? []) {
    const digits = token.replace(/[\s\-().]/g, '');
    const nigerian = /^(?:\+?234|0)([789][01]\d{8})$/.exec(digits);
    if (nigerian) return { kind: 'whatsapp', value: `+234${nigerian[1]}` };
    if (/^\+[1-9]\d{7,14}$/.test(digits)) return { kind: 'whatsapp', value: digits };
  }
  return null;
}
