import { useEffect, useState } from 'react';

/** The time now, every `everyMs`: enough for the list's 'waiting 5 min' texts without a render a second. */
export function useClock(everyMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
