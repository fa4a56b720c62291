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
  const { open, toggleRef, toggle, close, onKeyDown } = useSiteMenu(pathname);
  const scrolled = useScrolledPastHeader();
  const menuLink = (href: string, label: string, current: boolean, className = 'app-header__link') => (
    <Link href={href} className={className} aria-current={current ? 'page' : undefined} onClick={() => close(false)}>
      {label}
    </Link>
  );

  return (
    // Escape pressed anywhere in the header (its buttons and links have focus) closes the menu.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- keyboard delegation, not a control
    <header className={`app-header${scrolled ? ' app-header--scrolled' : ''}`} onKeyDown={onKeyDown}>
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
          aria-expanded={open}
          aria-controls="site-menu"
          onClick={toggle}
        >
          <Icon name={open ? 'close' : 'menu'} />
          <span className="app-visually-hidden">{open ? 'Close menu' : 'Open menu'}</span>
        </button>
        <nav id="site-menu" aria-label="Main" className={`app-header__menu${open ? ' app-header__menu--open' : ''}`}>
          <ul className="app-header__links">
            {headerLinks.map((link) => (
              <li key={link.href}>{menuLink(link.href, link.label, isCurrent(link.href, pathname))}</li>
            ))}
            {/* All three states are in the markup; <html data-auth> (set by the server) shows the right one. */}
            <li className="app-header__auth--out">
              {menuLink(logInLink.href, logInLink.label, pathname === logInLink.href)}
            </li>
            <li className="app-header__auth--out">
              {menuLink(
                signUpLink.href,
                signUpLink.label,
                pathname === signUpLink.href,
                'app-button app-button--primary app-header__cta',
              )}
            </li>
            <li className="app-header__auth--staff">
              <a href={staffLink.href} className="app-header__link">
                {staffLink.label}
              </a>
            </li>
            <li className="app-header__auth--in">
              {menuLink(myAccountLink.href, myAccountLink.label, pathname === myAccountLink.href)}
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

/** The phone menu: open or closed, closed again by a new page or Escape (focus back on the toggle). */
function useSiteMenu(pathname: string) {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // Tapped while the page's scripts were still on their way (a slow phone). Read here, not in the first render, which
    // must match the server's markup (closed).
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the boot script's record is outside React
    if (takeEarlyClick(MENU_TOGGLE_ID)) setOpen(true);
  }, []);

  // A new page closes the menu (adjusted while rendering, as React advises, rather than in an effect).
  const [menuPathname, setMenuPathname] = useState(pathname);
  if (menuPathname !== pathname) {
    setMenuPathname(pathname);
    setOpen(false);
  }

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close(true);
    }
  };
  return { open, toggleRef, toggle: () => setOpen((wasOpen) => !wasOpen), close, onKeyDown };
}

/** Whether the page is scrolled far enough for the header's shadow. */
function useScrolledPastHeader() {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > HEADER_SCROLL_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return scrolled;
}
