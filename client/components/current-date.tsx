import { useEffect, useState } from 'react';

type CurrentDateProps = { format: 'year' | 'long' };

const formatDate = (date: Date, format: CurrentDateProps['format']) =>
  format === 'year'
    ? String(date.getFullYear())
    : new Intl.DateTimeFormat('en-NG', { dateStyle: 'long', timeZone: 'Africa/Lagos' }).format(date);

/**
 * Today's date or year (the spec wants the current date). Prerendered pages carry the build
 * date; React leaves that text alone while hydrating (suppressHydrationWarning) and would not
 * patch it later either, since its own first render already held today's text. So once hydrated
 * a new span with today's date replaces the prerendered one (a different key).
 */
export function CurrentDate({ format }: CurrentDateProps) {
  const [hydrated, setHydrated] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- marks hydration done, once (see above)
  useEffect(() => setHydrated(true), []);
  return (
    <span key={hydrated ? 'today' : 'prerendered'} suppressHydrationWarning>
      {formatDate(new Date(), format)}
    </span>
  );
}
