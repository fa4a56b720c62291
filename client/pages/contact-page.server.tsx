import type { ReactNode } from 'react';
import { Icon, type IconName } from '../components/icon';
import { PageHeader } from '../components/page-header';
import { cataloguePages } from '../content/catalogue-pages';
import { faqItems } from '../content/faq';
import { PageMeta } from '../layout/page-meta';
import { brand, officeAddressLine, whatsappLink } from '../../shared/brand';

/** The live panel (contact form and map), rendered into the HTML by the island; it loads on first use. */
export { ContactPanel } from '../features/contact/contact-panel';

/** One way to reach us: an icon, what it is, and the address or link. */
function ContactCard({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <li className="app-card">
      <span className="app-card__icon">
        <Icon name={icon} />
      </span>
      <h3 className="app-card__title">{title}</h3>
      {children}
    </li>
  );
}

/** The contact details (server-rendered HTML only). */
export function ContactDetails() {
  const texts = cataloguePages.contact;
  const telHref = `tel:${brand.phone.replace(/\s+/g, '')}`;
  return (
    <>
      <PageMeta title={texts.meta.title} description={texts.meta.description} />
      <PageHeader title={texts.heading} intro={texts.intro} />
      <section className="app-container app-catalogue__details" aria-labelledby="contact-details-heading">
        <h2 id="contact-details-heading" className="app-visually-hidden">
          {texts.detailsHeading}
        </h2>
        <ul className="app-grid app-grid--4">
          <ContactCard icon="map-pin" title={texts.addressLabel}>
            <address className="app-card__text">{officeAddressLine}</address>
          </ContactCard>
          <ContactCard icon="phone" title={texts.phoneLabel}>
            <a className="app-card__link" href={telHref}>
              {brand.phone}
            </a>
          </ContactCard>
          <ContactCard icon="mail" title={texts.emailLabel}>
            <a className="app-card__link" href={`mailto:${brand.email}`}>
              {brand.email}
            </a>
          </ContactCard>
          <ContactCard icon="whatsapp" title={texts.whatsappLabel}>
            <a className="app-card__link" href={whatsappLink()} rel="noopener noreferrer">
              {texts.whatsappText}
            </a>
          </ContactCard>
        </ul>
        <p className="app-catalogue__note">
          {texts.hoursNote} {texts.emergencyNote}
        </p>
      </section>
    </>
  );
}

export function Faq() {
  const texts = cataloguePages.contact;
  return (
    <section id="faq" className="app-section app-section--tinted" aria-labelledby="faq-heading">
      <div className="app-container app-prose">
        <h2 id="faq-heading">{texts.faqHeading}</h2>
        <p>{texts.faqIntro}</p>
        {faqItems.map((item) => (
          <details key={item.id} id={item.id} className="app-catalogue__faq">
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
