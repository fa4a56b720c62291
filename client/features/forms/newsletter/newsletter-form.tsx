import { Island } from '../../../rendering/island';
import { newsletterMessages } from './newsletter-messages';
// The live form rendered into the server's HTML; a stub in the browser, where the form's code loads on first use.
import { NewsletterLiveForm } from './newsletter-form.server';

const load = () => import('./newsletter-live-form').then((module) => module.NewsletterLiveForm);

/** Newsletter sign-up (spec sections 4, 5, 8), mounted on /resources. */
export function NewsletterForm() {
  return <Island id="newsletter" load={load} server={<NewsletterLiveForm />} failure={newsletterMessages.failure} />;
}
