import { Island } from '../../../components/island';
import { newsletterMessages } from './newsletter-messages';

// Server build only: the live form is rendered into the prerendered HTML. The client build drops this
// line, so the page ships only the island wrapper and the form's code loads on first use.
const ServerForm = import.meta.env.SSR ? (await import('./newsletter-live-form')).NewsletterLiveForm : null;

const load = () => import('./newsletter-live-form').then((module) => module.NewsletterLiveForm);

/** Newsletter sign-up (spec sections 4, 5, 8), mounted on /resources. */
export function NewsletterForm() {
  return (
    <Island
      id="newsletter"
      load={load}
      server={ServerForm ? <ServerForm /> : null}
      failure={newsletterMessages.failure}
    />
  );
}
