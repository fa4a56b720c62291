import type { ReactNode } from 'react';

/**
 * A wide table in a box that scrolls sideways on a phone: focusable and named, so keyboard users can scroll it too
 * (WCAG 2.1.1; axe 'scrollable-region-focusable').
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take keyboard focus
    <div className="app-staff__table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
