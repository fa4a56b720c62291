import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

const ANCHOR_WAIT_MS = 5000;

function focusAnchor(target: HTMLElement) {
  target.scrollIntoView();
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

/**
 * Scrolls to the top on every path change, except when the URL names an anchor
 * (/about#mission): then the anchor is scrolled into view and focused. The new
 * page may still be loading, so the anchor is awaited for a few seconds.
 * Not on the first page: the browser placed it (its anchor, or where Back left it), and the visitor may have scrolled
 * and be about to tap while the scripts hydrate; a jump to the top then would move the button from under the finger.
 */
export function ScrollToTop() {
  const [pathname] = useLocation();
  const placed = useRef(pathname);

  useEffect(() => {
    if (placed.current === pathname) return;
    placed.current = pathname;
    const hash = decodeURIComponent(window.location.hash.slice(1));
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const found = document.getElementById(hash);
    if (found) {
      focusAnchor(found);
      return;
    }
    window.scrollTo(0, 0);
    const observer = new MutationObserver(() => {
      const target = document.getElementById(hash);
      if (!target) return;
      observer.disconnect();
      focusAnchor(target);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), ANCHOR_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);

  return null;
}
