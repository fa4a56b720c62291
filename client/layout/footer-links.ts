import { paths } from '../app/paths';

export const footerColumns = [
  {
    heading: 'Company',
    links: [
      { label: 'About Us', href: paths.about() },
      { label: 'Our Mission', href: `${paths.about()}#mission` },
      { label: 'Careers', href: `${paths.resources()}#careers` },
      { label: 'News', href: `${paths.resources()}#news` },
    ],
  },
  {
    heading: 'Services',
    links: [
      { label: 'Virtual Consultation', href: paths.service('virtual-consultation') },
      { label: 'Health IT Infrastructure', href: paths.service('health-it-infrastructure') },
      { label: 'Health Advisory & Training', href: paths.service('health-advisory-training') },
      { label: 'Health Data Analytics', href: paths.service('health-data-analytics') },
    ],
  },
  {
    heading: 'Resources',
    links: [
      { label: 'Blog', href: paths.blog() },
      { label: 'Symptom Checker', href: paths.symptomChecker() },
      { label: 'Gallery', href: `${paths.resources()}#gallery` },
    ],
  },
  {
    heading: 'Support',
    links: [
      { label: 'Support Center', href: paths.contact() },
      { label: 'FAQ', href: `${paths.contact()}#faq` },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { label: 'Privacy Policy', href: paths.privacyPolicy() },
      { label: 'Terms of Service', href: paths.termsOfService() },
      { label: 'HIPAA Compliance', href: paths.hipaaCompliance() },
      { label: 'Accessibility', href: paths.accessibility() },
    ],
  },
] as const;

export const footerBottomLinks = [
  { label: 'Site Map', href: paths.privacyPolicy() },
  { label: 'Contact Us', href: paths.contact() },
] as const;
