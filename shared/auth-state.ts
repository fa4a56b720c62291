/**
 * Who the header is drawn for (issue #13): the server marks <html data-auth="…"> on every page it serves to a
 * signed-in visitor, so the header's links are right at first paint, prerendered or not, with or without JavaScript.
 * Without the attribute the page is drawn for a visitor who is signed out.
 */
export type AuthState = 'patient' | 'staff';

export const authStateFor = (role: string): AuthState => (role === 'agent' || role === 'admin' ? 'staff' : 'patient');

/** The page's <html> tag with the attribute added (the first <html tag only). */
export const markAuthState = (html: string, state: AuthState) => html.replace(/<html\b/, `<html data-auth="${state}"`);

/** Where the header's no-JavaScript log-out form posts. */
export const LOG_OUT_PATH = '/logout';

/** In the browser, after a log-in or log-out without a page load: the header follows at once. */
export function setPageAuthState(state: AuthState | null): void {
  if (typeof document === 'undefined') return;
  if (state) document.documentElement.dataset.auth = state;
  else delete document.documentElement.dataset.auth;
}
