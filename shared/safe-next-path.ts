/** The ?next= path to return to after log-in, if it is a path on this site (never another origin). */
export function safeNextPath(search: string, fallback: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}
