import { Icon } from '../components/icon';
import { PageHeader } from '../components/page-header';
import { cataloguePages } from '../content/catalogue-pages';
import { faqItems } from '../content/faq';
import { PageMeta } from '../layout/page-meta';
import { brand, officeAddressLine, whatsappLink } from '../../shared/brand';

/** The live panel (contact form and map), rendered into the HTML by the island; it loads on first use. */
export { ContactPanel } from '../features/contact/contact-panel';

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
          <li className="app-card">
            <span className="app-card__icon">
              <Icon name="map-pin" />
            </span>
            <h3 className="app-card__title">{texts.addressLabel}</h3>
            <address className="app-card__text">{officeAddressLine}</address>
          </li>
          <li className="app-card">
            <span className="app-card__icon">
              <Icon name="phone" />
            </span>
            <h3 className="app-card__title">{texts.phoneLabel}</h3>
            <a className="app-card__link" href={telHref}>
              {brand.phone}
            </a>
          </li>
          <li className="app-card">
            <span className="app-card__icon">
              <Icon name="mail" />
            </span>
            <h3 className="app-card__title">{texts.emailLabel}</h3>
            <a className="app-card__link" href={`mailto:${brand.email}`}>
              {brand.email}
            </a>
          </li>
          <li className="app-card">
            <span className="app-card__icon">
              <Icon name="whatsapp" />
            </span>
            <h3 className="app-card__title">{texts.whatsappLabel}</h3>
            <a className="app-card__link" href={whatsappLink()} rel="noopener noreferrer">
              {texts.whatsappText}
            </a>
          </li>
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
