import { brand } from '../../../shared/brand';
import { contactTexts } from '../../content/contact-texts';

export type ContactMessage = { name: string; email: string; subject: string; message: string };

/** The mailto: link to the info mailbox: subject from the form, body with name, e-mail and message, all URL-encoded. */
export function mailtoHref({ name, email, subject, message }: ContactMessage): string {
  const labels = contactTexts.bodyLabels;
  const body = `${labels.name}: ${name}\n${labels.email}: ${email}\n\n${labels.message}:\n${message}`;
  return `mailto:${brand.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
