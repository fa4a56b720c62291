import { paths } from '../app/paths';

export const headerLinks = [
  { label: 'Home', href: paths.home() },
  { label: 'Services', href: paths.services() },
  { label: 'About', href: paths.about() },
  { label: 'Resources', href: paths.resources() },
  { label: 'Testimonials', href: paths.testimonials() },
  { label: 'Blog', href: paths.blog() },
  { label: 'Contact', href: paths.contact() },
] as const;

export const signUpLink = { label: 'Sign Up', href: paths.signup() } as const;
