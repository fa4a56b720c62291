let taken: { href: string; token: string | null } | undefined;

/**
 * The ?token= of an e-mail link. Read once in the browser and then removed from the address bar,
 * so it does not linger in history or get shared; later calls on the same page get the same value.
 * undefined on the server (the page is prerendered without it).
 */
export function takeLinkToken(): string | null | undefined {
  if (typeof window === 'undefined') return undefined;
  const url = new URL(window.location.href);
  if (taken && url.pathname + url.search === taken.href) return taken.token;
  const token = url.searchParams.get('token') || null;
  if (token) {
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  taken = { href: url.pathname + url.search, token };
  return token;
}
