import { brand } from '../../shared/brand';

/**
 * Texts of the contact form (spec sections 5, 8, 9). The form is an island that
 * ships to the browser, so this module holds nothing else; the rest of /contact
 * is in catalogue-pages.ts and faq.ts (server-rendered only).
 */
export const contactTexts = {
  heading: 'Send Us a Message',
  intro: 'Fill in the form and select the button: your email app opens with your message ready to send.',
  nameLabel: 'Full Name',
  emailLabel: 'Email Address',
  subjectLabel: 'Subject',
  messageLabel: 'Message',
  submitLabel: 'Send Message via Email Client',
  noscript: `This form needs JavaScript to open your email app. You can email us directly at ${brand.email} or call ${brand.phone}.`,
  errors: {
    name: 'Enter your full name',
    email: 'Enter your email address',
    emailFormat: 'Enter an email address in the correct format, like name@example.com',
    subject: 'Enter a subject',
    message: 'Enter your message',
  },
  /** Section 8: the notice shown when the email app opens. */
  notice: {
    title: 'Opening Email Client',
    description: 'Please send your message using your default email application.',
  },
  /** Labels inside the composed e-mail body. */
  bodyLabels: { name: 'Name', email: 'Email', message: 'Message' },
} as const;
