import type { ReactNode } from 'react';

/**
 * A wide table in a box that scrolls sideways on a phone: focusable and named, so keyboard users can scroll it too
 * (WCAG 2.1.1; axe 'scrollable-region-focusable').
 */
function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take keyboard focus
    <div className="app-staff__table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

type StaffTableProps = {
  /** Names the scrolling region. */
  label: string;
  /** Read by screen readers before the rows ("Requests, newest first"). */
  caption: string;
  /** Column headings; an `{ hidden }` heading is read but not shown (a column of buttons). */
  columns: readonly (string | { hidden: string })[];
  /** The rows. */
  children: ReactNode;
};

/** A staff list as a table with a hidden caption and column headings, in a region that scrolls on a phone. */
export function StaffTable({ label, caption, columns, children }: StaffTableProps) {
  return (
    <TableRegion label={label}>
      <table className="app-staff__table">
        <caption className="app-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.hidden} scope="col">
                  <span className="app-visually-hidden">{column.hidden}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableRegion>
  );
}
