import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

const ANCHOR_WAIT_MS = 5000;

/** What the visitor does to move the page themselves: from then on the anchor is theirs to leave. */
const VISITOR_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Scrolls the anchor into view and focuses it, then keeps it there while the page above it is still filling in: after
 * client-side navigation an island (the contact form above the FAQ) loads afterwards and grows from one line to a
 * whole form, which would push the anchor down and leave the visitor at whatever now sits there (issue #23). Held
 * until the visitor scrolls, taps or types, the page changes, or ANCHOR_WAIT_MS passes. Returns the stop.
 */
function placeAnchor(target: HTMLElement) {
  target.scrollIntoView();
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  const resizes = new ResizeObserver(() => target.scrollIntoView());
  resizes.observe(document.body);
  const stop = () => {
    resizes.disconnect();
    window.clearTimeout(timer);
    for (const type of VISITOR_INPUT) window.removeEventListener(type, stop, true);
  };
  const timer = window.setTimeout(stop, ANCHOR_WAIT_MS);
  for (const type of VISITOR_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
  return stop;
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
    if (found) return placeAnchor(found);
    window.scrollTo(0, 0);
    let stopHolding = () => {};
    const observer = new MutationObserver(() => {
      const target = document.getElementById(hash);
      if (!target) return;
      observer.disconnect();
      stopHolding = placeAnchor(target);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), ANCHOR_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
      stopHolding();
    };
  }, [pathname]);

  return null;
}
