import { useEffect, useState } from 'react';

type CurrentDateProps = { format: 'year' | 'long' };

const formatDate = (date: Date, format: CurrentDateProps['format']) =>
  format === 'year'
    ? String(date.getFullYear())
    : new Intl.DateTimeFormat('en-NG', { dateStyle: 'long', timeZone: 'Africa/Lagos' }).format(date);

/**
 * Today's date or year. Prerendered pages carry the build date; the browser swaps
 * in the visitor's today after hydration (the spec wants the current date).
 */
export function CurrentDate({ format }: CurrentDateProps) {
  const [text, setText] = useState(() => formatDate(new Date(), format));
  // Deliberately after hydration: the prerendered markup holds the build date, the browser's today replaces it.
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the post-hydration swap described above
  useEffect(() => setText(formatDate(new Date(), format)), [format]);
  return <span suppressHydrationWarning>{text}</span>;
}
