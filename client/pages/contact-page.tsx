import { Island } from '../rendering/island';
import { ServerContent } from '../rendering/server-content';
import { brand } from '../../shared/brand';
import { ContactDetails, ContactPanel, Faq } from './contact-page.server';
import '../styles/catalogue.css';

const loadContactPanel = () => import('../features/contact/contact-panel').then((module) => module.ContactPanel);
const loadFailure = {
  title: 'Message Not Ready',
  description: `The form could not load. Check your internet connection and try again, or email us at ${brand.email}.`,
  variant: 'destructive',
} as const;

/**
 * /contact: 'Get in Touch' with the office, phone and e-mail lines (server-rendered),
 * the mailto contact form and the on-request map (one island, loaded on first use),
 * and the FAQ (#faq).
 */
export default function ContactPage() {
  return (
    <>
      <ServerContent id="contact">
        <ContactDetails />
      </ServerContent>
      <Island
        id="contact-panel"
        className="app-section app-container"
        load={loadContactPanel}
        server={<ContactPanel />}
        failure={loadFailure}
      />
      <ServerContent id="contact-faq">
        <Faq />
      </ServerContent>
    </>
  );
}
