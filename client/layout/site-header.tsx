import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { brand } from '../../shared/brand';
import { HEADER_SCROLL_THRESHOLD_PX } from '../../shared/constants';
import { paths } from '../app/paths';
import { Icon } from '../components/icon';
import { takeEarlyClick } from '../rendering/early-clicks';
import { LOG_OUT_PATH } from '../../shared/auth-state';
import { headerLinks, logInLink, myAccountLink, signUpLink, staffLink } from './nav-links';

const isCurrent = (href: string, pathname: string) =>
  href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);

const MENU_TOGGLE_ID = 'site-menu-toggle';

export function SiteHeader() {
  const [pathname] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // Tapped while the page's scripts were still on their way (a slow phone). Read here, not in the first render, which
    // must match the server's markup (closed).
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the boot script's record is outside React
    if (takeEarlyClick(MENU_TOGGLE_ID)) setMenuOpen(true);
  }, []);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > HEADER_SCROLL_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // A new page closes the menu (adjusted while rendering, as React advises, rather than in an effect).
  const [menuPathname, setMenuPathname] = useState(pathname);
  if (menuPathname !== pathname) {
    setMenuPathname(pathname);
    setMenuOpen(false);
  }

  const closeMenu = (returnFocus: boolean) => {
    setMenuOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && menuOpen) {
      event.stopPropagation();
      closeMenu(true);
    }
  };

  return (
    // Escape pressed anywhere in the header (its buttons and links have focus) closes the menu.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- keyboard delegation, not a control
    <header className={`app-header${scrolled ? ' app-header--scrolled' : ''}`} onKeyDown={onMenuKeyDown}>
      <div className="app-header__inner app-container">
        <Link href={paths.home()} className="app-header__brand">
          <Icon name="heart" className="app-icon app-header__logo" />
          <span>{brand.name}</span>
        </Link>
        <button
          ref={toggleRef}
          id={MENU_TOGGLE_ID}
          type="button"
          className="app-header__toggle"
          data-early-click
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <Icon name={menuOpen ? 'close' : 'menu'} />
          <span className="app-visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
        <nav
          id="site-menu"
          aria-label="Main"
          className={`app-header__menu${menuOpen ? ' app-header__menu--open' : ''}`}
        >
          <ul className="app-header__links">
            {headerLinks.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className="app-header__link"
                  aria-current={isCurrent(link.href, pathname) ? 'page' : undefined}
                  onClick={() => setMenuOpen(false)}
                >
                  {link.label}
                </Link>
              </li>
            ))}
            {/* All three states are in the markup; <html data-auth> (set by the server) shows the right one. */}
            <li className="app-header__auth--out">
              <Link
                href={logInLink.href}
                className="app-header__link"
                aria-current={pathname === logInLink.href ? 'page' : undefined}
                onClick={() => setMenuOpen(false)}
              >
                {logInLink.label}
              </Link>
            </li>
            <li className="app-header__auth--out">
              <Link
                href={signUpLink.href}
                className="app-button app-button--primary app-header__cta"
                aria-current={pathname === signUpLink.href ? 'page' : undefined}
                onClick={() => setMenuOpen(false)}
              >
                {signUpLink.label}
              </Link>
            </li>
            <li className="app-header__auth--staff">
              <a href={staffLink.href} className="app-header__link">
                {staffLink.label}
              </a>
            </li>
            <li className="app-header__auth--in">
              <Link
                href={myAccountLink.href}
                className="app-header__link"
                aria-current={pathname === myAccountLink.href ? 'page' : undefined}
                onClick={() => setMenuOpen(false)}
              >
                {myAccountLink.label}
              </Link>
            </li>
            <li className="app-header__auth--in">
              <form method="post" action={LOG_OUT_PATH}>
                <button type="submit" className="app-header__link app-header__logout">
                  Log out
                </button>
              </form>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
