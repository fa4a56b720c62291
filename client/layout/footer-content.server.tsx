import { brand, whatsappLink } from '../../shared/brand';
import { Icon, type IconName } from '../components/icon';
import { siteDisclaimer } from '../content/site-disclaimer';
import { footerColumns } from './footer-links';

/** The footer's link columns, social links and disclaimer (server-rendered HTML only, the same on every page). */
export function FooterLinks() {
  const socialLinks: { label: string; href: string; icon: IconName }[] = [
    { label: `${brand.name} on X`, href: brand.social.x, icon: 'x-brand' },
    { label: `${brand.name} on Instagram`, href: brand.social.instagram, icon: 'instagram' },
    { label: `${brand.name} on LinkedIn`, href: brand.social.linkedin, icon: 'linkedin' },
    { label: `Chat with ${brand.name} on WhatsApp`, href: whatsappLink(), icon: 'whatsapp' },
  ];
  return (
    <>
      <div className="app-footer__grid">
        {footerColumns.map((column) => (
          <nav key={column.heading} aria-label={`Footer: ${column.heading}`} className="app-footer__column">
            <h2 className="app-footer__heading">{column.heading}</h2>
            <ul className="app-footer__list">
              {column.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className="app-footer__link">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <ul className="app-footer__social" aria-label="Social media">
        {socialLinks.map((link) => (
          <li key={link.href}>
            <a href={link.href} className="app-footer__social-link" rel="noopener noreferrer" target="_blank">
              <Icon name={link.icon} />
              <span className="app-visually-hidden">{link.label} (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
      <p className="app-footer__disclaimer">{siteDisclaimer}</p>
    </>
  );
}
