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
export const logInLink = { label: 'Log in', href: paths.login() } as const;
export const myAccountLink = { label: 'My account', href: paths.dashboard() } as const;
/** A plain link (a full page load): the staff app is its own chunk and shell. */
export const staffLink = { label: 'Staff', href: paths.staff() } as const;
