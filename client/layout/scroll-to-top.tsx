import { useEffect } from 'react';
import { useLocation } from 'wouter';

/**
 * Scrolls to the top on every path change, except when the URL names an anchor
 * (/about#mission): then the anchor is scrolled into view and focused for keyboard users.
 */
export function ScrollToTop() {
  const [pathname] = useLocation();

  useEffect(() => {
    const hash = window.location.hash.slice(1);
    const target = hash ? document.getElementById(decodeURIComponent(hash)) : null;
    if (target) {
      target.scrollIntoView();
      if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    } else {
      window.scrollTo(0, 0);
    }
  }, [pathname]);

  return null;
}
