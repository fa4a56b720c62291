/**
 * Keeps the open room within the window (issue #29.3), so its log scrolls and the reply box stays in view. Where the
 * room fits below what is above it (the desk's wide layout) it takes the height left; where it does not (a phone),
 * it takes the window's height and is scrolled to the top of the window when it opens.
 */
import { useLayoutEffect, type RefObject } from 'react';

/** Less than this below the room's top and the room takes the whole window instead. */
const MIN_HEIGHT = 480;
const MARGIN = 8;

export function useFitToViewport(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const fit = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      const below = window.innerHeight - top - MARGIN;
      const fits = below >= MIN_HEIGHT;
      element.style.height = `${fits ? below : window.innerHeight - 2 * MARGIN}px`;
      return fits;
    };
    if (!fit()) window.scrollTo({ top: element.getBoundingClientRect().top + window.scrollY - MARGIN });
    const refit = () => void fit();
    window.addEventListener('resize', refit);
    return () => window.removeEventListener('resize', refit);
  }, [ref]);
}
