import { brand } from '../../shared/brand';
import { AppLink } from '../components/app-link';
import { CurrentDate } from '../components/current-date';
import { ServerContent } from '../rendering/server-content';
import { footerBottomLinks } from './footer-links';
import { FooterLinks } from './footer-content.server';

/** The footer's links and texts are static: rendered on the server only (no JavaScript for them). */
export function SiteFooter() {
  return (
    <footer className="app-footer">
      <div className="app-container">
        <ServerContent id="site-footer" sameOnEveryPage>
          <FooterLinks />
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
