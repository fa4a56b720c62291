import { brand, whatsappLink } from '../../shared/brand';
import { AppLink } from '../components/app-link';
import { CurrentDate } from '../components/current-date';
import { Icon, type IconName } from '../components/icon';
import { ServerContent } from '../components/server-content';
import { siteDisclaimer } from '../content/site-disclaimer';
import { footerBottomLinks, footerColumns } from './footer-links';

/** The footer's links and texts are static: rendered on the server only (no JavaScript for them). */
export function SiteFooter() {
  return (
    <footer className="app-footer">
      <div className="app-container">
        <ServerContent id="site-footer" sameOnEveryPage>
          {import.meta.env.SSR ? <FooterLinks /> : null}
        </ServerContent>
        <div className="app-footer__bottom">
          <p>
            © <CurrentDate format="year" /> {brand.name}. All rights reserved.
          </p>
          <ul className="app-footer__bottom-links">
            {footerBottomLinks.map((link) => (
              <li key={link.label}>
                <AppLink href={link.href} className="app-footer__link">
                  {link.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}

function FooterLinks() {
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
